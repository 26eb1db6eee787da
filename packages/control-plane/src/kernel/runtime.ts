import type { KeystoneContext } from '@keystone-6/core/types'
import type { Db } from '../platform/db/client.ts'
import type { Identity } from '../platform/auth/identity.ts'
import type { ResolvedOptions } from '../platform/settings/resolved-options.ts'
import type { CallContext } from './registry/operation-context.ts'
import type { SubscriptionCredential } from './event-reach.ts'
import type { FailedAuthCounter } from '../platform/auth/failed-auth-counter.ts'
import type { OperationRegistry } from './registry/registry.ts'
import type { AdminPage } from './registry/manifest.ts'
import type { ModuleCatalogue } from './modules/module-catalogue.ts'
import type { SecretBox } from '../platform/secrets/secret-box.ts'
import type { OAuthServer } from '../platform/oauth/server.ts'
import type { AccessTokenResolver } from '../platform/auth/authenticate.ts'
import type { RateLimiter, SubjectLimiter } from '../platform/auth/rate-limit.ts'
import type { OutboxWorker } from '../platform/outbox/worker.ts'
import type { JobWorker } from '../platform/jobs/worker.ts'
import type { AuditWriter } from '../platform/audit/writer.ts'
import type { RetentionPruner } from '../platform/retention/pruner.ts'
import type { Log } from '../platform/lib/log.ts'
import type { BackgroundTasks } from '../platform/lib/background-tasks.ts'
import type { RuntimeState } from '../platform/lib/runtime-state.ts'
import type { KeyLookup } from '../platform/auth/key-cache.ts'
import type { EventDeclaration } from '../platform/events/define-event.ts'
import type { ChangeFeed } from '../platform/change-feed/change-feed.ts'
import type { Hooks } from './hooks/hooks.ts'

/**
 * What the control plane holds for the life of the server, built once the host's database is
 * connected: every route handler and each resource's `setup` get it; narrower needs take a `Pick`
 * of it (`OutboxDeps`).
 */
export type ControlPlaneRuntime = {
  registry: OperationRegistry
  /** The installed resources' Admin UI pages, for the manifest. */
  adminPages: readonly AdminPage[]
  /** The SVG icons the installed resources declare, by resource name (a resource without one has none here). */
  resourceIcons: ReadonlyMap<string, string>
  /** The event types the installed resources emit, for the manifest and the OpenAPI document. */
  events: readonly EventDeclaration[]
  /** The modules and their switches: the gate every operation and public route passes. */
  modules: ModuleCatalogue
  db: Db
  keystone: KeystoneContext
  options: ResolvedOptions
  secrets: SecretBox
  /** The event types a webhook subscription's credential reaches now (null: made before reach was recorded, no limit). */
  eventReach: (credential: SubscriptionCredential) => Promise<ReadonlySet<string> | null>
  /** API keys with their owner's account, as authentication reads them on every request. */
  findKey: KeyLookup
  /** When a refused authentication is written to the key it named. */
  failedAuth: FailedAuthCounter
  limiter: RateLimiter
  /** Audit rows that refused authentications may cause per client address, so a flood cannot grow the log without bound. */
  refusalLimiter: SubjectLimiter
  /** The site's OAuth authorization server (docs/oauth.md). */
  oauth: OAuthServer
  /** Resolves OAuth access tokens for authentication. */
  accessTokens: AccessTokenResolver
  outbox: OutboxWorker
  /** Works on the jobs of the installed resources' kinds, in batches, under a lease. */
  jobs: JobWorker
  /** Prunes what the retention rules say is due, one instance at a time. */
  retention: RetentionPruner
  /** Writes audit entries, several per statement under load. */
  audit: AuditWriter
  /** Asks the outbox worker to deliver what was just committed, unless this process runs none. */
  kickOutbox: () => void
  /** Asks the job worker to look for work now (a job was just queued), unless this process runs none. */
  kickJobs: () => void
  /** Hears, from every instance, that what callers may run changed; feeds the MCP clients' change streams, which `stop()` ends. */
  changes: ChangeFeed
  /** Work beside the requests (kept totals and counts), awaited by `stop()`. */
  background: BackgroundTasks
  /** What the platform and the resources keep for this runtime (caches, limiters, work under way), each under its own slot; cleared by `stop()`. */
  state: RuntimeState
  /** The services the installed resources provide each other (`provides`), asked for by hook. */
  hooks: Hooks
  log: Log
  /** The context a handler runs with; `requestId` names the request that caused the call, for the events it emits. */
  contextFor: (identity: Identity, channel: string, requestId?: string | null) => CallContext
  /** Starts background work: the change feed's listening, the outbox and job workers (unless disabled) and the pruner (unless its interval is 0). */
  start: () => void
  /** Ends the change streams, stops background work, waits for a delivery, a prune or audit.list's counts in progress and for audit entries being written, and closes outbound connections. */
  stop: () => Promise<void>
}
