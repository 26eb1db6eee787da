import { bookkeepingModel } from '../../platform/db/bookkeeping-model.ts'

/** A team role. System roles are seeded by the control plane and cannot be changed or deleted. */
export const roleModel = bookkeepingModel('SvcRole', ({ hostId }) => `
  id             ${hostId}
  slug           String          @unique @default("")
  name           String          @default("")
  description    String          @default("")
  icon           String          @default("")
  color          String          @default("")
  constraintType String          @default("none")
  maxCount       Int?
  system         Boolean         @default(false)
  members        SvcTeamMember[] @relation("SvcRole_members")
  createdAt      DateTime?       @default(now())
  updatedAt      DateTime?       @updatedAt

  @@map("svc_roles")
`)
