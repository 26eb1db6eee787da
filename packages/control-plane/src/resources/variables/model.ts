import { bookkeepingModel } from '../../platform/db/bookkeeping-model.ts'

/**
 * Named site variables. The value is kept as JSON text rather than a JSON column, so it comes back
 * exactly as stored on every provider (PostgreSQL's jsonb would refuse a "\u0000" escape).
 */
export const variableModel = bookkeepingModel('SvcVariable', ({ hostId }) => `
  id          ${hostId}
  name        String    @unique @default("")
  valueJson   String    @default("")
  description String?
  createdAt   DateTime? @default(now())
  updatedAt   DateTime? @updatedAt

  @@map("svc_variables")
`)
