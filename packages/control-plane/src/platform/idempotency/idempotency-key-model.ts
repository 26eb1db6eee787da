import { bookkeepingModel } from '../db/bookkeeping-model.ts'

/**
 * One row per (caller, Idempotency-Key): claimed by its INSERT before the operation runs, so the
 * unique constraint, not process memory, decides which of two concurrent calls runs.
 */
export const idempotencyKeyModel = bookkeepingModel('SvcIdempotencyKey', ({ hostId }) => `
  id ${hostId}
  // 'key:<public id>' for API keys, 'oauth:<client id>:<account id>' for OAuth tokens,
  // 'account:<id>' for sessions.
  caller      String   @default("")
  key         String   @default("")
  // sha256 of the canonical JSON of the door, resource, action, params and confirm.
  fingerprint String   @default("")
  claimedAt   DateTime
  expiresAt   DateTime
  // The stored response, once the call finished; null while it runs.
  status      Int?
  response    String?

  @@unique([caller, key])
  @@index([expiresAt])
  @@map("svc_idempotency_keys")
`)
