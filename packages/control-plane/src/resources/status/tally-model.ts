import { bookkeepingModel } from '../../platform/db/bookkeeping-model.ts'

/**
 * Counts kept per series, period and dimension (leads per day by source, runs per day by status,
 * audit entries per hour by door, …) for the Admin UI's charts. Written only by the database's
 * own triggers (migration `0024_tallies`), in the transaction of the row they count, so a chart
 * reads one range of the unique index instead of the rows themselves.
 */
export const tallyModel = bookkeepingModel('SvcTally', () => `
  id        Int    @id @default(autoincrement())
  series    String @default("")
  // 'YYYY-MM-DD' or 'YYYY-MM-DDTHH' (UTC), or '' for a count with no period (leads by status).
  bucket    String @default("")
  dimension String @default("")
  count     Int    @default(0)

  @@unique([series, bucket, dimension])
  @@map("svc_tallies")
`)
