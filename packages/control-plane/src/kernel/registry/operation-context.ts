import type { KeystoneContext } from '@keystone-6/core/types'
import type { Identity } from '../../platform/auth/identity.ts'
import type { BackgroundTasks } from '../../platform/lib/background-tasks.ts'
import type { RuntimeState } from '../../platform/lib/runtime-state.ts'
import type { ResolvedOptions } from '../../platform/settings/resolved-options.ts'
import type { SecretBox } from '../../platform/secrets/secret-box.ts'
import type { Db, Tx } from '../../platform/db/client.ts'
import type { z } from 'zod'
import type { EventDeclaration } from '../../platform/events/define-event.ts'
import type { ModuleCatalogue } from '../modules/module-catalogue.ts'
import type { AuditRecord } from '../../platform/audit/record.ts'
import type { JobOrder } from '../../platform/jobs/start-job.ts'
import type { JobAnswer } from '../../platform/jobs/job-status.ts'
import type { Hooks } from '../hooks/hooks.ts'

/** What a handler may read of the registered operations. */
type RegisteredOperations = {
  /** Every operation, sorted by name. */
  all (): ReadonlyArray<{ name: string, resource: string, action: string, module: string, summary: string, capability: string, readonly: boolean }>
}

/** One entry of `status.get`'s `counts`; each resource declares its own. */
export type StatusCounter = {
  key: string
  /**
   * The count. With `upTo`, it may stop there (`count({ take: upTo })`): a kept counter's first
   * call asks only whether its table is small enough to count live.
   */
  count: (db: Db, bound?: { upTo: number }) => Promise<number>
  /**
   * Counted in the background, at most once a minute across instances, and answered from the last
   * count with the time it was taken (`counts_as_of`): for a table that grows without bound, whose
   * count would cost `status.get` time linear in its rows.
   * @default false (counted on every call)
   */
  kept?: boolean
}

/**
 * Everything a handler may use; it never sees the HTTP request. A handler, or a helper it calls,
 * that reads less declares the part it reads (`Pick<OperationContext, 'db' | 'now'>`), so it can be
 * called from outside a handler too.
 */
export type OperationContext = {
  /** Prisma client of the host database (no access control: the dispatcher already checked). */
  db: Db
  /** Keystone context with sudo rights, for host lists that have hooks. */
  keystone: KeystoneContext
  options: ResolvedOptions
  secrets: SecretBox
  /** The current time; always use this rather than `new Date()`, so tests control time. */
  now: () => Date
  /** Asks the outbox worker to deliver now what was just enqueued (after the transaction commits). */
  kickOutbox: () => void
  /** Asks the job worker to take up a job just queued now rather than at its next poll (`startJob` does). */
  kickJobs: () => void
  /**
   * Queues a job of `kind` (the operation that starts it, declared with a `JobKind`) as this
   * call's caller and door, and wakes the job workers: what a `startsJob` operation answers.
   */
  startJob: (kind: string, order: JobOrder) => Promise<JobAnswer>
  /** Work beside the call that outlives it (a recount), one task per key, awaited when the runtime stops. */
  background: BackgroundTasks
  /** What the platform and the resources keep for this runtime, each under its own slot (`stateSlot`). */
  state: RuntimeState
  /** The services the installed resources provide each other (`provides`), asked for by hook. */
  hooks: Hooks
  /** Who made the call. */
  identity: Identity
  /** The door the call came in through, for audit entries the operation writes itself. */
  channel: string
  /** The id of the request that made this call, when the door that received it assigned one; events carry it. */
  requestId?: string
  /**
   * The W3C `traceparent` that makes this call the parent of what it causes: the caller's trace
   * (or a new one) with the call's own span. Its events' webhook deliveries and its pushes to other
   * systems send it.
   */
  traceparent?: string
  /** Every registered operation (for operations that describe the installation). */
  registry: RegisteredOperations
  /** The installation's modules and their switches. */
  modules: ModuleCatalogue
  /** The event types the installed resources emit (what webhook subscriptions may name). */
  eventTypes: readonly string[]
  /** The event types the caller may receive: those of the resources its role and credential may read. */
  readableEventTypes: () => readonly string[]
  /** What `status.get` counts, from every installed resource. */
  statusCounters: readonly StatusCounter[]
  /**
   * Emits an event in `tx`, the transaction that makes the change it reports. Its webhook
   * deliveries start when the handler returns, once that transaction has committed; the handler
   * does not kick the outbox for it.
   */
  emit: <Data extends z.ZodObject>(tx: Db | Tx, declaration: EventDeclaration<Data>, data: z.input<Data>) => Promise<string>
  /**
   * Runs a change and emits its event in one transaction (`dataOf` reads the event's data from
   * what the change returned); delivered like `emit`'s.
   */
  withEvent: <Result, Data extends z.ZodObject>(change: (tx: Tx) => Promise<Result>, declaration: EventDeclaration<Data>, dataOf: (result: Result) => z.input<Data>) => Promise<Result>
  /**
   * Writes an audit entry of the operation's own beside the call's, for a side call to another
   * system the caller waits for (a deleted lead's contact push); an entry the log cannot take is
   * logged, never thrown.
   */
  auditSideCall: (entry: AuditRecord) => Promise<void>
}

/** What the runtime gives a call; the pipeline binds the rest to it (`callOperation`, the handler's link). */
export type CallContext = Omit<OperationContext, 'emit' | 'withEvent' | 'auditSideCall'>

/** What the links run an operation with: the runtime's context and the pipeline's audit, without the event helpers it binds itself. */
export type PermittedContext = Omit<OperationContext, 'emit' | 'withEvent'>
