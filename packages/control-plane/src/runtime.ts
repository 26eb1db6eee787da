import type { KeystoneContext } from '@keystone-6/core/types'
import type { Db } from './db/client.ts'
import type { Identity } from './auth/identity.ts'
import type { Channel } from './registry/channel.ts'
import type { ResolvedOptions } from './options.ts'
import type { Operation } from './registry/define-operation.ts'
import type { OperationContext, StatusCounter } from './registry/operation-context.ts'
import type { OutboxDeps, OutboxTopic } from './outbox/topic.ts'
import { OperationRegistry } from './registry/registry.ts'
import type { AdminPage } from './registry/manifest.ts'
import { ModuleCatalogue, type ModuleDeclaration } from './modules/module-catalogue.ts'
import type { SecretBox } from './secrets/secret-box.ts'
import { createSecretBox } from './secrets/encryption-keys.ts'
import { createRateLimiter, type RateLimiter } from './auth/rate-limit.ts'
import { OutboxWorker } from './outbox/worker.ts'
import { AuditWriter } from './audit/writer.ts'
import { defaultLog, type Log } from './lib/log.ts'
import { cachedKeyLookup, uncachedKeyLookup, type KeyLookup } from './auth/key-cache.ts'
import { accountLoader } from './host-contract/load-account.ts'

/** What the installed resources contribute to the runtime, gathered from their declarations. */
export type RuntimeParts = {
  operations: readonly Operation[]
  modules: readonly ModuleDeclaration[]
  outboxTopics: readonly OutboxTopic[]
  statusCounters: readonly StatusCounter[]
  adminPages: readonly AdminPage[]
}

/** What the HTTP layer holds for the life of the server. */
export type ControlPlaneRuntime = {
  registry: OperationRegistry
  /** The installed resources' Admin UI pages, for the manifest. */
  adminPages: readonly AdminPage[]
  /** The modules and their switches: the gate every operation and public route passes. */
  modules: ModuleCatalogue
  db: Db
  keystone: KeystoneContext
  options: ResolvedOptions
  secrets: SecretBox
  /** API keys with their owner's account, as authentication reads them on every request. */
  findKey: KeyLookup
  limiter: RateLimiter
  outbox: OutboxWorker
  /** Writes audit entries, several per statement under load. */
  audit: AuditWriter
  /** Asks the outbox worker to deliver what was just committed, unless this process runs none. */
  kickOutbox: () => void
  log: Log
  contextFor: (identity: Identity, channel: Channel) => OperationContext
  /** Starts background work (the outbox worker, unless disabled). */
  start: () => void
  /** Stops background work, waits for a delivery in progress and for audit entries being written, and closes outbound connections. */
  stop: () => Promise<void>
}

export function createRuntime (keystone: KeystoneContext, options: ResolvedOptions, parts: RuntimeParts, log = defaultLog): ControlPlaneRuntime {
  const db = keystone.prisma as Db
  const sudo = keystone.sudo()
  const secrets = createSecretBox({
    configured: options.encryptionKey,
    varDir: options.varDir,
    production: process.env.NODE_ENV === 'production',
    allowGenerated: /^(1|true|yes)$/i.test(process.env.SVC_ALLOW_GENERATED_KEY?.trim() ?? ''),
  }, log)
  const deps: OutboxDeps = { db, secrets, options }
  const outbox = new OutboxWorker(
    db,
    Object.fromEntries(parts.outboxTopics.map(topic => [topic.topic, payload => topic.deliver(payload, deps)])),
    { ...(options.outbox || {}), now: options.now, log },
  )
  const kickOutbox = () => { if (options.outbox !== false) void outbox.kick() }
  const registry = new OperationRegistry(parts.operations)
  const modules = new ModuleCatalogue(db, parts.modules, registry.all())
  const { statusCounters } = parts
  const loadAccount = accountLoader(db, options.host.accounts)
  const audit = new AuditWriter({ db, provider: options.databaseProvider, adapter: options.hostAdapter }, options.now)
  return {
    registry,
    adminPages: parts.adminPages,
    modules,
    db,
    keystone,
    options,
    secrets,
    // Without a view of this process's writes to keys and accounts, a cache could not drop a revoked key at once.
    findKey: options.credentialWrites?.observing ? cachedKeyLookup(db, loadAccount, options.credentialWrites) : uncachedKeyLookup(db, loadAccount),
    limiter: createRateLimiter(options.rateLimit, db, options.now),
    outbox,
    audit,
    kickOutbox,
    log,
    contextFor: (identity, channel) => ({ db, keystone: sudo, identity, channel, options, secrets, now: options.now, registry, modules, statusCounters, kickOutbox }),
    start: () => { if (options.outbox !== false) outbox.start() },
    stop: async () => {
      await outbox.stop()
      await audit.drain()
      await options.outbound.dispatcher.close()
    },
  }
}
