import { list } from '@keystone-6/core'
import { text, timestamp } from '@keystone-6/core/fields'
import type { ListAccess } from '../../platform/auth/list-access.ts'
import { compoundUnique } from '../../platform/db/compound-unique.ts'

/**
 * Where a post came from: the content source that delivered it, the sender's external id and
 * the hash of the body as last written by the control plane. Kept beside the host's posts list,
 * so no host needs fields of its own for it; `externalId` is unique per source.
 */
export const contentItemList = ({ access, ui }: ListAccess) => list({
  access,
  ui: { ...ui, label: 'Content items', listView: { initialColumns: ['source', 'externalId', 'postId', 'updatedAt'] } },
  db: {
    map: 'svc_content_items',
    idField: { kind: 'autoincrement' },
    extendPrismaSchema: compoundUnique('source', 'externalId'),
  },
  fields: {
    source: text({ validation: { isRequired: true }, isIndexed: true }),
    externalId: text({ db: { isNullable: true } }),
    postId: text({ validation: { isRequired: true }, isIndexed: 'unique' }),
    contentHash: text({ db: { isNullable: true } }),
    updatedAt: timestamp({ db: { updatedAt: true } }),
  },
})
