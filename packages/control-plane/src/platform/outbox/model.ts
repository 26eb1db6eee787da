import { bookkeepingModel } from '../db/bookkeeping-model.ts'

/**
 * Messages to other systems, written in the same transaction as the change that causes them and
 * delivered later with retries, so a crash or restart loses nothing.
 */
export const outboxMessageModel = bookkeepingModel('SvcOutboxMessage', ({ json }) => `
  id            Int       @id @default(autoincrement())
  topic         String    @default("")
  orderingKey   String    @default("")
  payload       Json?${json('{}')}
  // The W3C 'traceparent' of the span that queued it (a call's, an ingest's): each attempt's span
  // links to it.
  traceparent   String?
  status        String    @default("pending")
  attempts      Int       @default(0)
  nextAttemptAt DateTime? @default(now())
  lockedUntil   DateTime?
  lockedBy      String?
  lastError     String?
  createdAt     DateTime? @default(now())
  deliveredAt   DateTime?

  @@index([orderingKey])
  @@index([status])
  @@index([nextAttemptAt])
  @@index([deliveredAt])
  @@map("svc_outbox_messages")
`)
