import { list } from '@keystone-6/core'
import { integer, json, relationship, select, text, timestamp } from '@keystone-6/core/fields'
import type { BaseListTypeInfo, ListConfig } from '@keystone-6/core/types'
import { compoundUnique } from 'keystone-svc-control-plane'
import { slugify } from 'keystone-svc-control-plane'
import { contentAccess } from './content-access.ts'
import { POST_STATUSES } from './post-statuses.ts'

/**
 * An article. `slug` is unique per post type, enforced by the database. Which content source
 * delivered it is kept by the control plane in its own list (`SvcContentItem`).
 */
export const Post: ListConfig<BaseListTypeInfo> = list({
  access: contentAccess,
  ui: { listView: { initialColumns: ['title', 'status', 'postType', 'author', 'updatedAt'] } },
  db: {
    idField: { kind: 'autoincrement' },
    extendPrismaSchema: compoundUnique('postTypeId', 'slug'),
  },
  hooks: {
    resolveInput: {
      create: ({ resolvedData }) => {
        const given: unknown = resolvedData.slug
        return { ...resolvedData, slug: typeof given === 'string' && given ? given : slugify(String(resolvedData.title ?? '')) }
      },
    },
  },
  fields: {
    title: text({ validation: { isRequired: true } }),
    slug: text(),
    content: text({ ui: { displayMode: 'textarea' } }),
    excerpt: text({ ui: { displayMode: 'textarea' } }),
    status: select({
      type: 'string',
      options: POST_STATUSES.map(status => ({ label: status, value: status })),
      defaultValue: 'draft',
      validation: { isRequired: true },
    }),
    author: integer({ validation: { min: 1, max: 999 }, ui: { description: 'Team-member slot number.' } }),
    postType: relationship({ ref: 'PostType' }),
    tags: relationship({ ref: 'Tag', many: true }),
    categories: relationship({ ref: 'Category', many: true }),
    meta: json({ defaultValue: {} }),
    createdAt: timestamp({ defaultValue: { kind: 'now' } }),
    updatedAt: timestamp({ db: { updatedAt: true } }),
  },
})
