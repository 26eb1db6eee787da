import { bookkeepingModel } from '../../platform/db/bookkeeping-model.ts'

/**
 * The last count of each kept status counter (one that counts a table growing without bound), so
 * `status.get` reads one small table instead of counting a large one on every call.
 */
export const keptCountModel = bookkeepingModel('SvcKeptCount', ({ hostId }) => `
  id ${hostId}
  key       String    @unique @default("")
  count     Int       @default(0)
  countedAt DateTime?

  @@map("svc_kept_counts")
`)
