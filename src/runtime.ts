import type { KeystoneContext } from '@keystone-6/core/types'
import type { Db } from './db/client.ts'
import type { Identity } from './auth/identity.ts'
import type { ResolvedOptions } from './options.ts'
import type { OperationContext } from './registry/operation-context.ts'
import { OperationRegistry } from './registry/registry.ts'
import { builtinOperations } from './resources/index.ts'
import { createSecretBox, type SecretBox } from './lib/secret-box.ts'
import { createRateLimiter, type RateLimiter } from './auth/rate-limit.ts'

/** What the HTTP layer holds for the life of the server. */
export type ControlPlaneRuntime = {
  registry: OperationRegistry
  db: Db
  keystone: KeystoneContext
  options: ResolvedOptions
  secrets: SecretBox
  limiter: RateLimiter
  log: (message: string, error?: unknown) => void
  contextFor: (identity: Identity) => OperationContext
}

const defaultLog = (message: string, error?: unknown) => console.error(`[svc] ${message}`, error ?? '')

export function createRuntime (keystone: KeystoneContext, options: ResolvedOptions, log = defaultLog): ControlPlaneRuntime {
  const db = keystone.prisma as Db
  const sudo = keystone.sudo()
  const secrets = createSecretBox(options.encryptionKey, options.varDir)
  return {
    registry: new OperationRegistry([...builtinOperations, ...options.operations]),
    db,
    keystone,
    options,
    secrets,
    limiter: createRateLimiter(options.rateLimit),
    log,
    contextFor: identity => ({ db, keystone: sudo, identity, options, secrets }),
  }
}
