/**
 * The Keystone site the package's own Prisma types are generated from (`generated/prisma`, types
 * only: at run time every query goes to the host's client). It has only what the plugin's lists
 * point at; everything else of a host is reached through the `host` option, untyped here on purpose.
 */
import { config, list } from '@keystone-6/core'
import { allowAll } from '@keystone-6/core/access'
import { select, text } from '@keystone-6/core/fields'
import { withControlPlane } from '../src/index.ts'

const open = { access: allowAll }

export function referenceHostConfig (provider: 'sqlite' | 'postgresql') {
  return config(withControlPlane({
    db: { provider, prismaClientOptions: () => ({}), prismaClientPath: 'generated/prisma' },
    lists: {
      User: list({ ...open, fields: { name: text(), email: text({ isIndexed: 'unique' }), password: text(), role: select({ type: 'string', options: ['administrator'], defaultValue: 'administrator', validation: { isRequired: true } }) } }),
      // The least a posts list is (title and body), so the content resources' lists are typed too; nothing of a post is typed.
      Post: list({ ...open, fields: { title: text(), content: text() } }),
    },
  }, { env: {}, security: { encryptionKey: '0'.repeat(64) } }))
}
