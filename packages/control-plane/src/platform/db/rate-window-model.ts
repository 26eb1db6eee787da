import { bookkeepingModel } from './bookkeeping-model.ts'

/** Fixed-window request counters (e.g. public form submissions per IP), shared by every instance. */
export const rateWindowModel = bookkeepingModel('SvcRateWindow', ({ hostId }) => `
  id ${hostId}
  key         String   @unique @default("")
  windowStart DateTime
  hits        Int      @default(0)

  @@index([windowStart])
  @@map("svc_rate_windows")
`)
