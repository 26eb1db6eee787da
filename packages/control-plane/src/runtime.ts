import type { KeystoneContext } from '@keystone-6/core/types'
import type { Db } from './db/client.ts'
import type { Identity } from './auth/identity.ts'
import type { Channel } from './registry/channel.ts'
import type { ResolvedOptions } from './options.ts'
import type { Operation } from './registry/define-operation.ts'
import type { CallContext, StatusCounter } from './registry/operation-context.ts'
import type { OutboxDeps, OutboxTopic } from './outbox/topic.ts'
import { OperationRegistry } from './registry/registry.ts'
import type { AdminPage } from './registry/manifest.ts'
import { ModuleCatalogue, type ModuleDeclaration } from './modules/module-catalogue.ts'
import type { SecretBox } from './secrets/secret-box.ts'
import { createSecretBox } from './secrets/encryption-keys.ts'
import { createOAuthServer, type OAuthServer } from './oauth/server.ts'
import type { AccessTokenResolver } from './auth/authenticate.ts'
import { createRateLimiter, type RateLimiter } from './auth/rate-limit.ts'
import { OutboxWorker } from './outbox/worker.ts'
import { AuditWriter } from './audit/writer.ts'
import { RetentionPruner } from './retention/pruner.ts'
import { defaultLog, type Log } from './lib/log.ts'
import { auditTotalsSettled } from './audit/audit-total.ts'
import { cachedKeyLookup, uncachedKeyLookup, type KeyLookup } from './auth/key-cache.ts'
import type { EventDeclaration } from './events/define-event.ts'
import { accountLoader } from './host-contract/load-account.ts'

/** What the installed resources contribute to the runtime, gathered from their declarations. */
export type RuntimeParts = {
  operations: readonly Operation[]
  modules: readonly ModuleDeclaration[]
  outboxTopics: readonly OutboxTopic[]
  events: readonly EventDeclaration[]
  statusCounters: readonly StatusCounter[]
  adminPages: readonly AdminPage[]
}

/** What the HTTP layer holds for the life of the server. */
export type ControlPlaneRuntime = {
  registry: OperationRegistry
  /** The installed resources' Admin UI pages, for the manifest. */
  adminPages: readonly AdminPage[]
  /** The event types the installed resources emit, for the manifest and the OpenAPI document. */
  events: readonly EventDeclaration[]
  /** The modules and their switches: the gate every operation and public route passes. */
  modules: ModuleCatalogue
  db: Db
  keystone: KeystoneContext
  options: ResolvedOptions
  secrets: SecretBox
  /** API keys with their owner's account, as authentication reads them on every request. */
  findKey: KeyLookup
  limiter: RateLimiter
  /** The site's OAuth authorization server (docs/oauth.md). */
  oauth: OAuthServer
  /** Resolves OAuth access tokens for authentication. */
  accessTokens: AccessTokenResolver
  outbox: OutboxWorker
  /** Prunes what the retention rules say is due, one instance at a time. */
  retention: RetentionPruner
  /** Writes audit entries, several per statement under load. */
  audit: AuditWriter
  /** Asks the outbox worker to deliver what was just committed, unless this process runs none. */
  kickOutbox: () => void
  log: Log
  /** The context a handler runs with; `requestId` names the request that caused the call, for the events it emits. */
  contextFor: (identity: Identity, channel: Channel, requestId?: string | null) => CallContext
  /** Starts background work: the outbox worker (unless disabled) and the pruner (unless its interval is 0). */
  start: () => void
  /** Stops background work, waits for a delivery, a prune or audit.list's counts in progress and for audit entries being written, and closes outbound connections. */
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
    Object.fromEntries(parts.outboxTopics.map(topic => [topic.topic, (payload, message) => topic.deliver(payload, deps, message)])),
    { ...(options.outbox || {}), now: options.now, log },
    Object.fromEntries(parts.outboxTopics.flatMap(topic => topic.retry ? [[topic.topic, topic.retry]] : [])),
  )
  const retention = new RetentionPruner(db, options.retention, { now: options.now, log })
  const kickOutbox = () => { if (options.outbox !== false) void outbox.kick() }
  const registry = new OperationRegistry(parts.operations)
  const modules = new ModuleCatalogue(db, parts.modules, registry.all())
  const { statusCounters } = parts
  const eventTypes = parts.events.map(event => event.type)
  const loadAccount = accountLoader(db, options.host.accounts)
  const oauth = createOAuthServer({ db, secrets, options, operations: () => registry.all(), loadAccount })
  const audit = new AuditWriter({ db, provider: options.databaseProvider, adapter: options.hostAdapter }, options.now)
  return {
    registry,
    adminPages: parts.adminPages,
    events: parts.events,
    modules,
    db,
    keystone,
    options,
    secrets,
    // Without a view of this process's writes to keys and accounts, a cache could not drop a revoked key at once.
    findKey: options.credentialWrites?.observing ? cachedKeyLookup(db, loadAccount, options.credentialWrites) : uncachedKeyLookup(db, loadAccount),
    limiter: createRateLimiter(options.rateLimit, db, options.now),
    oauth,
    accessTokens: oauth.identify,
    outbox,
    retention,
    audit,
    kickOutbox,
    log,
    contextFor: (identity, channel, requestId) => ({
      db, keystone: sudo, identity, channel, options, secrets, now: options.now, registry, modules, statusCounters, eventTypes, kickOutbox,
      ...requestId ? { requestId } : {},
    }),
    start: () => {
      if (options.outbox !== false) outbox.start()
      retention.start()
    },
    stop: async () => {
      await Promise.all([outbox.stop(), retention.stop(), auditTotalsSettled(db)])
      await audit.drain()
      await options.outbound.dispatcher.close()
    },
  }
}
