import { list } from '@keystone-6/core'
import { integer, json, text, timestamp } from '@keystone-6/core/fields'
import type { ListAccess } from '../auth/list-access.ts'

/**
 * Messages to other systems, written in the same transaction as the change that causes them and
 * delivered later with retries, so a crash or restart loses nothing.
 */
export const outboxMessageList = ({ access, ui }: ListAccess) => list({
  access,
  ui: { ...ui, label: 'Outbox', listView: { initialColumns: ['topic', 'status', 'attempts', 'nextAttemptAt', 'lastError'] } },
  db: { map: 'svc_outbox_messages', idField: { kind: 'autoincrement' } },
  fields: {
    topic: text({ validation: { isRequired: true } }),
    orderingKey: text({ isIndexed: true }),
    payload: json({ defaultValue: {} }),
    /** The W3C `traceparent` of the span that queued it (a call's, an ingest's): each attempt's span links to it. */
    traceparent: text({ db: { isNullable: true } }),
    status: text({ defaultValue: 'pending', isIndexed: true }),
    attempts: integer({ defaultValue: 0, db: { isNullable: false } }),
    nextAttemptAt: timestamp({ defaultValue: { kind: 'now' }, isIndexed: true }),
    lockedUntil: timestamp({ db: { isNullable: true } }),
    lockedBy: text({ db: { isNullable: true } }),
    lastError: text({ db: { isNullable: true } }),
    createdAt: timestamp({ defaultValue: { kind: 'now' } }),
    deliveredAt: timestamp({ db: { isNullable: true }, isIndexed: true }),
  },
})
