import { bookkeepingModel } from '../../platform/db/bookkeeping-model.ts'

/**
 * The inbox: every accepted webhook delivery, stored verbatim before it is processed, so
 * nothing is lost. A replayed `webhook-id` hits the unique constraint and is ignored.
 */
export const contentDeliveryModel = bookkeepingModel('SvcContentDelivery', () => `
  id               Int       @id @default(autoincrement())
  sourceId         String    @default("")
  webhookId        String?
  body             String    @default("")
  shapeFingerprint String?
  status           String    @default("received")
  postId           String?
  error            String?
  receivedAt       DateTime? @default(now())
  processedAt      DateTime?

  @@unique([sourceId, webhookId])
  @@index([processedAt])
  @@index([sourceId, id])
  @@index([status, id])
  @@map("svc_content_inbox")
`)
