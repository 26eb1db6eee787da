import { bookkeepingModel } from '../../platform/db/bookkeeping-model.ts'

/**
 * The stored state of a catalogue integration, one row per key once it has been configured; an
 * integration without a row is disabled with empty settings. `version` guards read-modify-writes.
 */
export const integrationModel = bookkeepingModel('SvcIntegration', ({ hostId, json }) => `
  id               ${hostId}
  key              String    @unique @default("")
  enabled          Boolean   @default(false)
  settings         Json?${json('{}')}
  secretCiphertext String?
  version          Int       @default(0)
  createdAt        DateTime? @default(now())
  updatedAt        DateTime? @updatedAt

  @@map("svc_integrations")
`)
