import { bookkeepingModel } from '../../platform/db/bookkeeping-model.ts'

/** One attempt to deliver an event to a subscription: its outcome, duration and the start of the answer. */
export const webhookDeliveryModel = bookkeepingModel('SvcWebhookDelivery', () => `
  id              Int      @id @default(autoincrement())
  subscriptionId  String   @default("")
  eventId         String   @default("")
  eventType       String   @default("")
  attempt         Int      @default(1)
  status          String   @default("")
  httpStatus      Int?
  durationMs      Int      @default(0)
  responseExcerpt String   @default("")
  error           String?
  at              DateTime

  @@index([subscriptionId])
  @@index([eventId])
  @@index([at])
  @@map("svc_webhook_deliveries")
`)
