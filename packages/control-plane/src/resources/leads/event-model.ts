import { bookkeepingModel } from '../../platform/db/bookkeeping-model.ts'

/**
 * One link of a lead's chain. The unique (lead, seq) pair means two appends racing for the same
 * position cannot both commit, whatever process they run in.
 */
export const leadEventModel = bookkeepingModel('SvcLeadEvent', ({ json }) => `
  id       Int      @id @default(autoincrement())
  lead     SvcLead? @relation("SvcLeadEvent_lead", fields: [leadId], references: [id])
  leadId   Int?     @map("lead")
  seq      Int
  type     String   @default("")
  at       DateTime
  data     Json?${json('{}')}
  prevHash String   @default("")
  hash     String   @default("")

  @@unique([leadId, seq])
  @@index([leadId])
  // leads.export reads the ledger oldest first by (at, id).
  @@index([at, id])
  @@map("svc_lead_events")
`)
