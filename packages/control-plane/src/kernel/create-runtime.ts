import { starterRefusal } from './job-starter.ts'
import { startCallJob } from './start-call-job.ts'
import type { KeystoneContext } from '@keystone-6/core/types'
import type { Db } from '../platform/db/client.ts'
import { rawTargetOf } from '../platform/db/raw-statements.ts'
import { isolatingClient } from '../platform/db/isolated-transactions.ts'
import type { Installation } from './control-plane.ts'
import type { ControlPlaneRuntime } from './runtime.ts'
import type { DeliveryDeps } from './outbox-topic.ts'
import { OperationRegistry } from './registry/registry.ts'
import { withOfferedExamples } from './registry/offered-examples.ts'
import { ModuleCatalogue } from './modules/module-catalogue.ts'
import { createSecretBox } from '../platform/secrets/encryption-keys.ts'
import { createOAuthServer } from '../platform/oauth/server.ts'
import { createRateLimiter } from '../platform/auth/rate-limit.ts'
import { createRefusalLimiter } from './pipeline/refused-authentication.ts'
import { OutboxWorker } from '../platform/outbox/worker.ts'
import { observeOutboxDepth } from '../platform/outbox/depth-gauge.ts'
import { JobWorker } from '../platform/jobs/worker.ts'
import { auditRecordOf } from '../platform/jobs/audit-ended-job.ts'
import { recordSafely } from '../platform/audit/record-safely.ts'
import { AuditWriter } from '../platform/audit/writer.ts'
import { RetentionPruner } from '../platform/retention/pruner.ts'
import { defaultLog } from '../platform/lib/log.ts'
import { BackgroundTasks } from '../platform/lib/background-tasks.ts'
import { RuntimeState } from '../platform/lib/runtime-state.ts'
import { cachedKeyLookup, uncachedKeyLookup } from '../platform/auth/key-cache.ts'
import { FailedAuthCounter } from '../platform/auth/failed-auth-counter.ts'
import { accountLoader } from '../platform/host-contract/load-account.ts'
import { readableEventTypes, subscriptionReach, type EventResources, type SubscriptionCredential } from './event-reach.ts'
import type { Resource } from './define-resource.ts'
import { createChangeFeed } from './change-feed.ts'

const eventResourcesOf = (resources: readonly Resource[]): EventResources =>
  new Map(resources.flatMap(resource => resource.events.map(event => [event.type, resource.name] as const)))

/** The runtime of an installation on the host's connected database. */
export function createRuntime (keystone: KeystoneContext, installation: Installation, log = defaultLog): ControlPlaneRuntime {
  const { options } = installation
  // Every transaction the package opens through it (its operations', an extension's, its workers') is isolated from the site's other requests.
  const db = isolatingClient(keystone.prisma as Db, options.databaseProvider)
  const sudo = keystone.sudo()
  // Where the package's hand-written statements run: its audit INSERT, its workers' looks, the start's reads.
  const target = rawTargetOf(db, options)
  const secrets = createSecretBox({
    configured: options.encryptionKey,
    varDir: options.varDir,
    production: process.env.NODE_ENV === 'production',
    allowGenerated: /^(1|true|yes)$/i.test(process.env.SVC_ALLOW_GENERATED_KEY?.trim() ?? ''),
  }, log)
  // Built after the mount checked the field map against the database: an example needing a part it left out is not offered.
  const registry = new OperationRegistry(withOfferedExamples(installation.operations, options.host.content))
  const loadAccount = accountLoader(db, options.host.accounts)
  const reach = { capabilities: options.capabilities, operations: () => registry.all(), eventResources: eventResourcesOf(installation.resources) }
  const eventReach = (credential: SubscriptionCredential) => subscriptionReach({ ...reach, db, loadAccount }, credential, options.now())
  const { hooks } = installation
  const deps: DeliveryDeps = { db, secrets, options, eventReach, hooks }
  const outbox = new OutboxWorker(
    target,
    Object.fromEntries(installation.outboxTopics.map(topic => [topic.topic, (payload, message) => topic.deliver(payload, deps, message)])),
    { ...(options.outbox || {}), now: options.now, log },
    Object.fromEntries(installation.outboxTopics.flatMap(topic => topic.retry ? [[topic.topic, topic.retry]] : [])),
  )
  const retention = new RetentionPruner(target, options.retention, { now: options.now, log })
  let stopObservingOutbox = () => {}
  const changes = createChangeFeed(target, log)
  // The other instances hear of it too: one without work sleeps long, and should this one die before
  // delivering, another takes the message up when its claim runs out (or at once, if this process has no worker).
  const kickOutbox = () => {
    if (options.outbox !== false) void outbox.kick()
    changes.announceWork('outbox')
  }
  const background = new BackgroundTasks(log)
  const state = new RuntimeState()
  const modules = new ModuleCatalogue(db, installation.modules, registry.all(), installation.unavailable)
  const { statusCounters } = installation
  const eventTypes = installation.events.map(event => event.type)
  const oauth = createOAuthServer({ db, secrets, options, operations: () => registry.all(), loadAccount })
  const audit = new AuditWriter(target, options.now)
  const jobDeps = { db, options, modules, state, secrets, hooks }
  const jobs = new JobWorker({
    target,
    steps: Object.fromEntries(installation.jobKinds.map(kind => [kind.kind, (job, limit) => kind.step(job, limit, jobDeps)])),
    starterRefusal: job => starterRefusal({ db, secrets, loadAccount, capabilities: options.capabilities, operation: name => registry.all().find(entry => entry.name === name) }, job, options.now()),
    onEnded: job => recordSafely({ audit, log }, auditRecordOf(job)),
    now: options.now,
    log,
  }, options.jobs || {})
  // A worker takes turns among the jobs it holds: another instance, idle, may take this one up sooner.
  const kickJobs = () => {
    if (options.jobs !== false) void jobs.kick()
    changes.announceWork('jobs')
  }
  if (options.outbox !== false) changes.onWork('outbox', () => { void outbox.kick() })
  if (options.jobs !== false) changes.onWork('jobs', () => { void jobs.kick() })
  const runtime: ControlPlaneRuntime = {
    registry,
    adminPages: installation.adminPages,
    resourceIcons: new Map(installation.resources.flatMap(resource => resource.icon === null ? [] : [[resource.name, resource.icon] as const])),
    events: installation.events,
    modules,
    db,
    keystone,
    options,
    secrets,
    eventReach,
    // Without a view of this process's writes to keys and accounts, a cache could not drop a revoked key at once.
    findKey: options.credentialWrites?.observing ? cachedKeyLookup(db, loadAccount, options.credentialWrites) : uncachedKeyLookup(db, loadAccount),
    failedAuth: new FailedAuthCounter(),
    limiter: createRateLimiter(options.rateLimit, db, options.now),
    refusalLimiter: createRefusalLimiter(options, db),
    oauth,
    accessTokens: oauth.identify,
    outbox,
    jobs,
    retention,
    audit,
    kickOutbox,
    kickJobs,
    changes,
    background,
    state,
    hooks,
    log,
    contextFor: (identity, channel, requestId) => ({
      db, keystone: sudo, identity, channel, options, secrets, now: options.now, registry, modules, statusCounters, eventTypes, kickOutbox, kickJobs, background, state, hooks,
      readableEventTypes: () => readableEventTypes(reach, identity),
      startJob: (kind, order) => startCallJob({ db, identity, channel, now: options.now, kickJobs }, kind, order),
      ...requestId ? { requestId } : {},
    }),
    start: () => {
      stopObservingOutbox = observeOutboxDepth(db)
      changes.start()
      if (options.outbox !== false) outbox.start()
      if (options.jobs !== false) jobs.start()
      retention.start()
    },
    stop: async () => {
      // First, so no client waits on a stream of a stopped instance.
      await changes.close()
      stopObservingOutbox()
      await Promise.all([outbox.stop(), jobs.stop(), retention.stop(), background.settled()])
      await audit.drain()
      await options.outbound.close()
      installation.live.detach(runtime)
      state.clear()
    },
  }
  installation.live.attach(runtime)
  return runtime
}
