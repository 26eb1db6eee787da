import { bookkeepingModel } from '../db/bookkeeping-model.ts'

/**
 * One row per retention rule: what the pruner last found and removed, so the Health page reads
 * it without counting large tables; and one row per lease (`LEASE_KEY`, the instance that prunes;
 * `COUNTS_LEASE_KEY`, the one recounting `status.get`'s kept counts).
 */
export const retentionStateModel = bookkeepingModel('SvcRetentionState', ({ hostId }) => `
  id ${hostId}
  key          String    @unique @default("")
  rows         Int       @default(0)
  oldestAt     DateTime?
  lastPrunedAt DateTime?
  lastPruned   Int       @default(0)
  holder       String?
  heldUntil    DateTime?

  @@map("svc_retention_state")
`)
