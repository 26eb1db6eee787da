import { list } from '@keystone-6/core'
import { json, text, timestamp } from '@keystone-6/core/fields'
import type { ListAccess } from '../auth/list-access.ts'

/** Every event emitted, as its subscribers receive it; written in the transaction of its cause. */
export const eventList = ({ access, ui }: ListAccess) => list({
  access,
  ui: { ...ui, label: 'Events', listView: { initialColumns: ['eventId', 'type', 'occurredAt'] } },
  db: { map: 'svc_events', idField: { kind: 'autoincrement' } },
  fields: {
    eventId: text({ isIndexed: 'unique', validation: { isRequired: true } }),
    type: text({ isIndexed: true, validation: { isRequired: true } }),
    occurredAt: timestamp({ validation: { isRequired: true }, isIndexed: true }),
    actor: json({ defaultValue: null }),
    requestId: text({ db: { isNullable: true } }),
    /** The W3C `traceparent` of the call that caused it, sent on its webhook deliveries. */
    traceparent: text({ db: { isNullable: true } }),
    data: json({ defaultValue: {} }),
  },
})
