import { bookkeepingModel } from '../../platform/db/bookkeeping-model.ts'

/**
 * Where the last clean `leads.verify_all` ended: every event up to `lastEventId` was recomputed
 * and matched, so a verify from the checkpoint recomputes only the events written since.
 */
export const leadChainCheckpointModel = bookkeepingModel('SvcLeadChainCheckpoint', ({ hostId }) => `
  id ${hostId}
  key         String    @unique @default("")
  lastEventId Int       @default(0)
  leads       Int       @default(0)
  events      Int       @default(0)
  verifiedAt  DateTime?

  @@map("svc_lead_chain_checkpoints")
`)
