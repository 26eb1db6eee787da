/**
 * The Keystone site the package's own Prisma types are generated from (`generated/prisma`, types
 * only: at run time every query goes to the host's client). It has only what the plugin's lists
 * point at; everything else of a host is reached through the `host` option, untyped here on purpose.
 */
import { config, list } from '@keystone-6/core'
import { allowAll } from '@keystone-6/core/access'
import { integer, json, relationship, select, text, timestamp } from '@keystone-6/core/fields'
import { withControlPlane } from '../src/index.ts'

const open = { access: allowAll }

export function referenceHostConfig (provider: 'sqlite' | 'postgresql') {
  return config(withControlPlane({
    db: { provider, prismaClientOptions: () => ({}), prismaClientPath: 'generated/prisma' },
    lists: {
      User: list({ ...open, fields: { name: text(), email: text({ isIndexed: 'unique' }), password: text(), role: select({ type: 'string', options: ['administrator'], defaultValue: 'administrator', validation: { isRequired: true } }) } }),
      Post: list({
        ...open,
        db: { idField: { kind: 'autoincrement' } },
        fields: {
          title: text(), slug: text(), content: text(), excerpt: text(), status: text(), author: integer(),
          postType: relationship({ ref: 'PostType' }), tags: relationship({ ref: 'Tag', many: true }), categories: relationship({ ref: 'Category', many: true }),
          meta: json(),
          createdAt: timestamp(), updatedAt: timestamp({ db: { updatedAt: true } }),
        },
      }),
      PostType: list({ ...open, db: { idField: { kind: 'autoincrement' } }, fields: { slug: text({ isIndexed: 'unique' }), name: text() } }),
      Tag: list({ ...open, db: { idField: { kind: 'autoincrement' } }, fields: { slug: text({ isIndexed: 'unique' }), name: text() } }),
      Category: list({ ...open, db: { idField: { kind: 'autoincrement' } }, fields: { slug: text({ isIndexed: 'unique' }), name: text() } }),
    },
  }, { encryptionKey: '0'.repeat(64) }))
}
