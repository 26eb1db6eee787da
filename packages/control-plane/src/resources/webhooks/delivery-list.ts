import { list } from '@keystone-6/core'
import { integer, text, timestamp } from '@keystone-6/core/fields'
import type { ListAccess } from '../../platform/auth/list-access.ts'

/** One attempt to deliver an event to a subscription: its outcome, duration and the start of the answer. */
export const webhookDeliveryList = ({ access, ui }: ListAccess) => list({
  access,
  ui: { ...ui, label: 'Webhook deliveries', listView: { initialColumns: ['subscriptionId', 'eventId', 'status', 'httpStatus', 'at'] } },
  db: { map: 'svc_webhook_deliveries', idField: { kind: 'autoincrement' } },
  fields: {
    subscriptionId: text({ isIndexed: true, validation: { isRequired: true } }),
    eventId: text({ isIndexed: true, validation: { isRequired: true } }),
    eventType: text({ validation: { isRequired: true } }),
    attempt: integer({ defaultValue: 1, db: { isNullable: false } }),
    status: text({ validation: { isRequired: true } }),
    httpStatus: integer({ db: { isNullable: true } }),
    durationMs: integer({ defaultValue: 0, db: { isNullable: false } }),
    responseExcerpt: text({ defaultValue: '' }),
    error: text({ db: { isNullable: true } }),
    at: timestamp({ validation: { isRequired: true }, isIndexed: true }),
  },
})
