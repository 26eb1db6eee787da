import { list } from '@keystone-6/core'
import { text, timestamp } from '@keystone-6/core/fields'
import type { ListAccess } from '../../auth/list-access.ts'
import { compoundUnique } from '../../db/compound-unique.ts'

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
    extendPrismaSchema: compoundUnique('sourceId', 'webhookId'),
  },
  fields: {
    sourceId: text({ validation: { isRequired: true }, isIndexed: true }),
    webhookId: text({ db: { isNullable: true } }),
    body: text({ ui: { displayMode: 'textarea' } }),
    shapeFingerprint: text({ db: { isNullable: true } }),
    status: text({ defaultValue: 'received', isIndexed: true }),
    postId: text({ db: { isNullable: true } }),
    error: text({ db: { isNullable: true } }),
    receivedAt: timestamp({ defaultValue: { kind: 'now' } }),
    processedAt: timestamp({ isIndexed: true }),
  },
})
