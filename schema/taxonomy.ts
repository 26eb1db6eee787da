import { list } from '@keystone-6/core'
import { text } from '@keystone-6/core/fields'
import type { BaseListTypeInfo, ListConfig } from '@keystone-6/core/types'
import { contentAccess } from './content-access.ts'

/** A flat taxonomy list (tags, categories): a name and a unique slug. */
function taxonomyList (label: string): ListConfig<BaseListTypeInfo> {
  return list({
    access: contentAccess,
    ui: { label, listView: { initialColumns: ['name', 'slug'] } },
    db: { idField: { kind: 'autoincrement' } },
    fields: {
      name: text({ validation: { isRequired: true } }),
      slug: text({ validation: { isRequired: true }, isIndexed: 'unique' }),
    },
  })
}

export const Tag = taxonomyList('Tags')
export const Category = taxonomyList('Categories')
