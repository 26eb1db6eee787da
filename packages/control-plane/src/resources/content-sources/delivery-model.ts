import { list } from '@keystone-6/core'
import { text, timestamp } from '@keystone-6/core/fields'
import type { ListAccess } from '../../platform/auth/list-access.ts'
import { compoundUnique } from '../../platform/db/compound-unique.ts'
import { compoundIndexes } from '../../platform/db/compound-index.ts'

/**
 * The inbox: every accepted webhook delivery, stored verbatim before it is processed, so
 * nothing is lost. A replayed `webhook-id` hits the unique constraint and is ignored.
 */
export const contentDeliveryList = ({ access, ui }: ListAccess) => list({
  access,
  ui: { ...ui, label: 'Content inbox', listView: { initialColumns: ['sourceId', 'status', 'postId', 'receivedAt', 'error'] } },
  db: {
    map: 'svc_content_inbox',
    idField: { kind: 'autoincrement' },
    // content_sources.list_deliveries pages newest first by id, within a source or a state.
    extendPrismaSchema: schema => compoundIndexes(['sourceId', 'id'], ['status', 'id'])(compoundUnique('sourceId', 'webhookId')(schema)),
  },
  fields: {
    sourceId: text({ validation: { isRequired: true } }),
    webhookId: text({ db: { isNullable: true } }),
    body: text({ ui: { displayMode: 'textarea' } }),
    shapeFingerprint: text({ db: { isNullable: true } }),
    status: text({ defaultValue: 'received' }),
    postId: text({ db: { isNullable: true } }),
    error: text({ db: { isNullable: true } }),
    receivedAt: timestamp({ defaultValue: { kind: 'now' } }),
    processedAt: timestamp({ isIndexed: true }),
  },
})
