import type { Operation, OperationResult } from '../registry/define-operation.ts'
import type { OperationContext, PermittedContext } from '../registry/operation-context.ts'
import { emitEvent, eventMetaOf, withEvent } from '../../platform/events/emit.ts'
import { confirmRequired, notPreviewable, SvcError } from '../../platform/errors/errors.ts'
import { collectApproved, holdForApproval, needsApproval } from './approval-gate.ts'
import { assertPersonConfirmed, heldForNoPerson, UNREACHABLE_PERSON_REASON, type Confirmation } from './confirmation.ts'
import { approvalIdOf, assertCapability, parseParams, parseReturns } from './checks.ts'
import { assertPinServed } from './version-pin.ts'
import { deprecatedInAnswer, deprecatedInCall, type DeprecatedUse } from './deprecated-uses.ts'
import { withSpan } from '../../platform/tracing/with-span.ts'
import { recordingClient } from '../../platform/change-sets/recording-client.ts'
import { ChangeRecording } from '../../platform/change-sets/change-recording.ts'
import { rolledBack } from '../../platform/change-sets/rolled-back.ts'
import { previewResult } from '../../platform/change-sets/preview-result.ts'
import { sealedChanges } from '../../platform/change-sets/sealed-view.ts'
import type { Preview } from '../../platform/change-sets/change.ts'
import { assertPlanHolds, sealPlan, type PlannedCall } from '../../platform/change-sets/plan.ts'
import { callerOf } from '../../platform/idempotency/idempotency-key.ts'

/** What a door adds to the links, where its params arrive in another shape or its result leaves another way. */
export type DoorLinks = {
  /** After the capability check: the params the operation gets, from what the door received (the read form's query). */
  paramsOf?: (operation: Operation, received: unknown) => unknown
  /** Instead of the operation's own links: for a door that answers with something other than the operation's data (a stream). */
  run?: (operation: Operation, params: unknown) => Promise<OperationResult<unknown>>
}

/** One call as it goes down the links: what came with it, and what the links found so far. */
export type CallState = {
  readonly operation: Operation
  /** The params as sent, then as the door gives them (`doorParams`): what the audit entry records. */
  params: unknown
  /** The params as the operation's schema read them (`parseParams`). */
  parsed?: Record<string, unknown>
  /** `confirm: true` sent beside the params (dispatch's top level). */
  readonly confirmed: boolean
  /** `preview: true`: the call runs in a transaction that is rolled back and answers what it would change (`previewCall`); also set while a link asks for its preview (`previewOf`). */
  preview?: boolean | undefined
  /** The plan a preview answered, sent back to run the call only as it was previewed (`applyPlan`). */
  readonly plan?: string | undefined
  /** Who confirms a destructive call (see `Confirmation`). */
  readonly confirmation: Confirmation
  /** The caller, the services and the pipeline's audit; the handler's link adds the event helpers, `recordChanges` a recording client. */
  context: PermittedContext
  /** What the handler wrote (`recordChanges`), kept with the call's audit entry. */
  changes?: ChangeRecording | undefined
  readonly door?: DoorLinks | undefined
  /** Tells connected clients that what callers may run changed; absent for a held call run again. */
  readonly announceChange?: (() => void) | undefined
  /** The product version the call pinned (`Svc-Version`), else its API key's pin, if either did. */
  readonly pinnedVersion?: string | undefined
  /** What of the deprecated the call used, for the door to tell the caller and the audit to count; absent for a held call run again. */
  readonly deprecated?: DeprecatedUse[] | undefined
}

/**
 * One rule of the pipeline: it checks or changes the call, then hands it on with `next()`, or
 * answers without it; a link that acts on the answer awaits `next()` and reads what came back.
 */
export type Link = (state: CallState, next: () => Promise<OperationResult<unknown>>) => Promise<OperationResult<unknown>>

const parsedParams = (state: CallState): Record<string, unknown> => {
  if (!state.parsed) throw new Error(`${state.operation.name}: a link read the params before parseParams`)
  return state.parsed
}

/** Why the call waits for an administrator, or null: no person can be asked through its door, or its key is gated. */
const heldFor = ({ operation, confirmation, context }: CallState): 'no_person' | 'gated_key' | null =>
  heldForNoPerson(confirmation, operation) ? 'no_person' : needsApproval(context.identity, operation) ? 'gated_key' : null

/** 400 `unsupported_version`: the caller pinned a version this build cannot serve, so it expects another API. */
const servePinnedVersion: Link = (state, next) => {
  assertPinServed(state.pinnedVersion)
  return next()
}

/**
 * Notes what the call uses that is deprecated: the operation and the params it sent at once (so a
 * refusal further down is told too), the fields of its answer once there is one.
 */
const noteDeprecated: Link = async (state, next) => {
  state.deprecated?.push(...deprecatedInCall(state.operation, state.params))
  const result = await next()
  state.deprecated?.push(...deprecatedInAnswer(state.operation, result.data))
  return result
}

/** 403: the caller's role holds the operation's capability, and its credential's scopes include it. */
const checkCapability: Link = (state, next) => {
  assertCapability(state.context, state.context.identity, state.operation)
  return next()
}

/** The params from what the door received, where they arrive in another shape (405 for a write through the read form). */
const doorParams: Link = (state, next) => {
  if (state.door?.paramsOf) state.params = state.door.paramsOf(state.operation, state.params)
  return next()
}

/** A door whose result leaves another way (the leads export stream) runs it here, in place of the links below. */
const doorRuns: Link = (state, next) => state.door?.run ? state.door.run(state.operation, state.params) : next()

/** 409 `module_disabled` while the operation's module is switched off. */
const moduleSwitch: Link = async (state, next) => {
  await state.context.modules.assertEnabled(state.operation.module)
  return next()
}

/** A held call's requester re-calling with its `approval_id` collects the result (or another 202) instead. */
const collectHeldResult: Link = (state, next) => {
  const approvalId = heldFor(state) === null ? undefined : approvalIdOf(state.params)
  if (approvalId === undefined) return next()
  const { db, identity, now } = state.context
  return collectApproved(db, identity, state.operation.name, approvalId, now())
}

/** 400 `invalid_params`: the schema, unknown keys included; `confirm` counts at the top level or in params. */
const parseCallParams: Link = (state, next) => {
  const parsed = parseParams(state.operation, state.params)
  // Also for operations that only declare it (import).
  if (state.confirmed && 'confirm' in state.operation.params.shape) parsed.confirm = true
  state.parsed = parsed
  return next()
}

/** 400 `confirm_required` for a destructive operation called without `confirm: true`. */
const requireConfirm: Link = (state, next) => {
  if (state.operation.destructive && parsedParams(state).confirm !== true) throw confirmRequired(state.operation.name)
  return next()
}

/**
 * What the call would do, for the person or the administrator asked about it: the links below run
 * as a preview (`previewCall`), and nothing of it stays with the call (its change set is the
 * call's own, if it runs). Null for an operation that cannot be previewed, or whose preview was
 * refused (the call itself then answers why, if it ever runs).
 */
async function previewOf (state: CallState, next: () => Promise<OperationResult<unknown>>): Promise<Preview | null> {
  if (state.operation.notPreviewable !== null) return null
  state.preview = true
  try {
    return ((await next()).data as { preview: Preview }).preview
  } catch (error) {
    if (error instanceof SvcError) return null
    throw error
  } finally {
    state.preview = false
    state.changes = undefined
  }
}

/** 202 `approval_required`: a gated key's destructive call, or one no person can be asked about, waits for an administrator, with its preview for them. */
const holdForAdministrator: Link = async (state, next) => {
  const held = heldFor(state)
  // A preview changes nothing, so it needs no approval (an approver is shown one).
  if (held === null || state.preview) return next()
  const { db, identity, now } = state.context
  const preview = await previewOf(state, next)
  // The call as it was sent (parsing may transform values), so approving re-parses it like any call.
  return holdForApproval(db, identity, { operation: state.operation.name, params: { ...state.params as Record<string, unknown>, confirm: true }, preview }, now(), held === 'no_person' ? UNREACHABLE_PERSON_REASON : undefined)
}

/** A destructive call whose caller is a model stops here for the door's question to a person (with what the call would do), or on their refusal. */
const askPerson: Link = async (state, next) => {
  if (state.preview) return next()
  await assertPersonConfirmed(state.confirmation, state.operation, parsedParams(state), state.context, () => previewOf(state, next))
  return next()
}

/** A call of an operation declared `changesReach` that changed something is announced on the runtime's change feed. */
const announceChanges: Link = async (state, next) => {
  const result = await next()
  if (result.changed && state.operation.changesReach) state.announceChange?.()
  return result
}

/** The call a plan binds: who made it, the operation and the params as sent. */
const plannedCall = ({ context, operation, params }: CallState): PlannedCall => ({ credential: callerOf(context.identity), operation: operation.name, params })

/**
 * `preview: true`: the links below run in one transaction that is rolled back, so nothing is
 * written, queued or sent; the answer is what the call would have changed and answered, with a
 * plan to run it as previewed (400 `not_previewable` for an operation that reaches another system
 * while it runs or starts a job). Above `parseAnswer`, whose result it wraps.
 */
const previewCall: Link = async (state, next) => {
  if (!state.preview) return next()
  const { operation, context } = state
  if (operation.notPreviewable !== null) throw notPreviewable(operation.name, operation.notPreviewable)
  const result = await rolledBack(context.db, db => {
    state.context = { ...context, db }
    return next()
  })
  state.context = context
  const changeSet = state.changes?.previewed() ?? null
  const { plan, expiresAt } = sealPlan(context.secrets, plannedCall(state), changeSet, context.now())
  const preview: Preview = { operation: operation.name, changes: sealedChanges(changeSet), effects: changeSet?.effects ?? [], result: previewResult(result.data, operation.shownOnce) }
  return { data: { preview, plan, plan_expires_at: expiresAt.toISOString() }, changed: false }
}

/** 409 `plan_stale` for a call sent with a plan that no longer holds (a row it previewed moved, expired, applied already): nothing runs. */
const applyPlan: Link = async (state, next) => {
  if (state.plan === undefined) return next()
  await assertPlanHolds(state.context.db, state.context.secrets, state.plan, plannedCall(state), state.context.now())
  return next()
}

/** Nothing undeclared leaves: the answer is parsed by the operation's `returns`. */
const parseAnswer: Link = async (state, next) => {
  const result = await next()
  return { data: parseReturns(state.operation, result.data), changed: result.changed }
}

/**
 * A call of an operation that writes records what its handler changes: the handler gets the
 * call's Prisma client wrapped so each row it creates, updates or deletes is kept with its before
 * and after image (an update costs one read before it unless the handler read the row by its key already), for the audit entry.
 */
const recordChanges: Link = (state, next) => {
  // A preview records what it would change even where the site keeps no change sets.
  if (state.operation.readonly || !(state.context.options.changeSets || state.preview)) return next()
  const changes = new ChangeRecording()
  state.changes = changes
  state.context = { ...state.context, db: recordingClient(state.context.db, changes) }
  return next()
}

/** The handler and the transactions it runs, in a span of their own below the call's (`svc.handler`). */
const traceHandler: Link = (state, next) => withSpan('svc.handler', next, { attributes: { 'svc.operation': state.operation.name } })

/** The handler, with the event helpers bound to the call; what its events enqueued goes once its transactions committed. */
const runHandler: Link = async state => {
  const { context } = state
  let emitted = false
  const call: OperationContext = {
    ...context,
    emit: (tx, declaration, data) => { emitted = true; return emitEvent(tx, declaration, data, eventMetaOf(context)) },
    withEvent: (change, declaration, dataOf) => { emitted = true; return withEvent(context.db, change, declaration, dataOf, eventMetaOf(context)) },
  }
  const result = await state.operation.handler(parsedParams(state), call)
  if (emitted) context.kickOutbox()
  return result
}

/**
 * The links every call of an operation goes through, in this order, once the call was looked up
 * and its idempotency key claimed (`callOperation`, which audits all of it). A new rule about calls
 * is one link in this list; a link that acts on the answer awaits `next()` (announceChanges, parseAnswer).
 */
export const LINKS: readonly Link[] = [
  servePinnedVersion,
  checkCapability,
  doorParams,
  noteDeprecated,
  doorRuns,
  moduleSwitch,
  collectHeldResult,
  parseCallParams,
  requireConfirm,
  holdForAdministrator,
  askPerson,
  announceChanges,
  previewCall,
  parseAnswer,
  // Links that wrap the handler's transaction go here, just above runHandler: they run around
  // `await next()`, with the params parsed and every refusal behind them.
  applyPlan,
  recordChanges,
  traceHandler,
  runHandler,
]

/** Walks the links in order, each handing on to the next; the last answers. */
export function runLinks (state: CallState, links: readonly Link[] = LINKS): Promise<OperationResult<unknown>> {
  const from = (index: number): Promise<OperationResult<unknown>> => {
    const link = links[index]
    if (!link) throw new Error(`${state.operation.name}: the last link handed the call on`)
    return link(state, () => from(index + 1))
  }
  return from(0)
}

/** A held call run again once approved, as its requester: the links from the capability they hold now, confirmed by the approval. */
export const runOperation = (operation: Operation, params: unknown, confirmed: boolean, context: PermittedContext): Promise<OperationResult<unknown>> =>
  runLinks({ operation, params, confirmed, confirmation: 'flag', context })
