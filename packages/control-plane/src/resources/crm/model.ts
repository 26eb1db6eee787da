import { bookkeepingModel } from '../../platform/db/bookkeeping-model.ts'

/** An occupied CRM slot. A free slot has no row, so deleting clears every field and the secret. */
export const crmSlotModel = bookkeepingModel('SvcCrmSlot', ({ hostId }) => `
  id               ${hostId}
  slot             Int       @unique
  name             String    @default("")
  url              String?
  linkAdminOnly    Boolean   @default(false)
  apiKeyCiphertext String?
  createdAt        DateTime? @default(now())
  updatedAt        DateTime? @updatedAt

  @@map("svc_crm_slots")
`)
