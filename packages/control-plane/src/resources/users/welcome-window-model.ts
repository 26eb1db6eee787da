import { bookkeepingModel } from '../../platform/db/bookkeeping-model.ts'

/**
 * When a welcome e-mail last went to each address (lower-cased). Keyed by address, not by slot,
 * so slots that share an address share one window, and every process sees the same one.
 */
export const welcomeEmailWindowModel = bookkeepingModel('SvcWelcomeEmailWindow', ({ hostId }) => `
  id ${hostId}
  address    String   @unique @default("")
  lastSentAt DateTime

  @@map("svc_welcome_email_windows")
`)
