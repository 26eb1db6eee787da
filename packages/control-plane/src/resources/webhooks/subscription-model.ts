import { bookkeepingModel } from '../../platform/db/bookkeeping-model.ts'

/** Webhook subscriptions: where events go, which types, and the signing secrets (sealed). */
export const webhookSubscriptionModel = bookkeepingModel('SvcWebhookSubscription', ({ json }) => `
  id                       Int       @id @default(autoincrement())
  subscriptionId           String    @unique @default("")
  url                      String    @default("")
  eventTypes               Json?${json('[]')}
  enabled                  Boolean   @default(true)
  description              String    @default("")
  // The API key (public id) whose reach bounds its events: the credential that last created or
  // updated it.
  reachKeyId               String?
  // That credential's account (a session's, when no key). Both null: made before reach was
  // recorded.
  reachAccountId           String?
  secretCiphertext         String    @default("")
  previousSecretCiphertext String?
  previousSecretExpiresAt  DateTime?
  disabledReason           String?
  failingSince             DateTime?
  createdAt                DateTime? @default(now())
  updatedAt                DateTime? @updatedAt

  @@map("svc_webhook_subscriptions")
`)
