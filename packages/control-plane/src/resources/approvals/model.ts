import { bookkeepingModel } from '../../platform/db/bookkeeping-model.ts'

/**
 * A destructive call an approval-gated key asked for, held until an administrator decides.
 * `params` and `result` may carry secrets the call was given or returned: only dispatch reads them.
 */
export const approvalModel = bookkeepingModel('SvcApproval', ({ hostId }) => `
  id             ${hostId}
  operation      String    @default("")
  params         String    @default("")
  // 'pending', 'approved', 'rejected'; an expired pending one reads as 'expired'.
  status         String    @default("pending")
  keyId          String    @default("")
  requesterId    String    @default("")
  requesterEmail String    @default("")
  createdAt      DateTime? @default(now())
  expiresAt      DateTime
  decidedAt      DateTime?
  decidedById    String?
  decidedByEmail String?
  // What the call's preview said it would do, as JSON ('{ operation, changes, effects, result }');
  // null when it cannot be previewed.
  preview        String?
  // The stored call's envelope parts once approved: '{ ok, data, changed }' or '{ ok: false, error
  // }'.
  result         String?

  @@index([status])
  @@index([keyId])
  @@index([expiresAt])
  @@map("svc_approvals")
`)
