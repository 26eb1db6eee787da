import { bookkeepingModel } from '../../platform/db/bookkeeping-model.ts'

/**
 * A captured lead. `eventCount` and `headHash` summarise its event chain, so a deleted tail of
 * events is caught as well as an edited one; they change only together with an appended event.
 */
export const leadModel = bookkeepingModel('SvcLead', ({ json }) => `
  id          Int            @id @default(autoincrement())
  ref         String         @unique @default("")
  source      String         @default("")
  campaign    String?
  email       String?
  phone       String?
  name        String?
  attribution Json?${json('{}')}
  data        Json?${json('{}')}
  status      String         @default("New")
  rtContactId String?
  eventCount  Int            @default(0)
  headHash    String         @default("")
  firstSeen   DateTime       @default(now())
  updatedAt   DateTime?      @updatedAt
  events      SvcLeadEvent[] @relation("SvcLeadEvent_lead")

  @@index([status])
  @@index([rtContactId])
  // leads.list pages newest first by (firstSeen, id), optionally within a source.
  @@index([firstSeen, id])
  @@index([source, firstSeen, id])
  @@map("svc_leads")
`)
