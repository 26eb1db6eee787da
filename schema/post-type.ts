import { list } from '@keystone-6/core'
import { text } from '@keystone-6/core/fields'
import type { BaseListTypeInfo, ListConfig } from '@keystone-6/core/types'
import { contentAccess } from './content-access.ts'

/** Kinds of post (`post`, `page`, custom types added by content sources). */
export const PostType: ListConfig<BaseListTypeInfo> = list({
  access: contentAccess,
  ui: { label: 'Post types', listView: { initialColumns: ['slug', 'name'] } },
  db: { idField: { kind: 'autoincrement' } },
  fields: {
    slug: text({ validation: { isRequired: true }, isIndexed: 'unique' }),
    name: text({ validation: { isRequired: true } }),
  },
})
