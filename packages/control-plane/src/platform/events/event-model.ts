import { bookkeepingModel } from '../db/bookkeeping-model.ts'

/** Every event emitted, as its subscribers receive it; written in the transaction of its cause. */
export const eventModel = bookkeepingModel('SvcEvent', ({ json }) => `
  id          Int      @id @default(autoincrement())
  eventId     String   @unique @default("")
  type        String   @default("")
  occurredAt  DateTime
  actor       Json?
  requestId   String?
  // The W3C 'traceparent' of the call that caused it, sent on its webhook deliveries.
  traceparent String?
  data        Json?${json('{}')}

  @@index([type])
  @@index([occurredAt])
  @@map("svc_events")
`)
