import { bookkeepingModel } from '../db/bookkeeping-model.ts'

/**
 * The session version of each host account that has ended its sessions at least once. The
 * accounts list is the host's, so the version lives here, keyed by the account id as text.
 */
export const sessionVersionModel = bookkeepingModel('SvcSessionVersion', ({ hostId }) => `
  id ${hostId}
  accountId String @unique @default("")
  version   Int    @default(0)

  @@map("svc_session_versions")
`)
