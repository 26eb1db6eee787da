import { bookkeepingModel } from './bookkeeping-model.ts'

/** Named integer counters such as `crm_count`, kept in the database so every instance agrees. */
export const counterModel = bookkeepingModel('SvcCounter', ({ hostId }) => `
  id ${hostId}
  key   String @unique @default("")
  value Int    @default(0)

  @@map("svc_counters")
`)
