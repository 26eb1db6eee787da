import type { z } from 'zod'
import type { Operation, OperationResult } from '../registry/define-operation.ts'
import type { OperationContext, PermittedContext } from '../registry/operation-context.ts'
import { emitEvent, eventMetaOf, withEvent } from '../../platform/events/emit.ts'
import type { CapabilityMap } from '../../platform/auth/capabilities.ts'
import type { Identity } from '../../platform/auth/identity.ts'
import { roleHasCapability } from '../../platform/auth/capabilities.ts'
import { missingScope } from '../../platform/auth/scopes.ts'
import { confirmRequired, forbidden, insufficientScope, internal, invalidParams, type SvcError } from '../../platform/errors/errors.ts'
import { assertCleanInput } from '../../platform/lib/input-boundary.ts'
import { APPROVAL_ID_PARAM, collectApproved, holdForApproval, needsApproval } from './approval-gate.ts'
import { withSpan } from '../../platform/tracing/with-span.ts'
import { assertPersonConfirmed, heldForNoPerson, UNREACHABLE_PERSON_REASON, type Confirmation } from './confirmation.ts'

export function describeIssues (issues: readonly z.core.$ZodIssue[]) {
  return issues.map(issue => ({ path: issue.path.map(String).join('.'), code: issue.code, message: issue.message }))
}

function formatIssues (issues: ReturnType<typeof describeIssues>): string {
  return issues.map(issue => issue.path ? `${issue.path}: ${issue.message}` : issue.message).join('; ')
}

function parseParams (operation: Operation, raw: unknown): Record<string, unknown> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw invalidParams('params must be a JSON object')
  assertCleanInput(raw, { what: `invalid params for ${operation.name}` })
  const parsed = operation.params.safeParse(raw)
  if (!parsed.success) {
    const issues = describeIssues(parsed.error.issues)
    throw invalidParams(`invalid params for ${operation.name}: ${formatIssues(issues)}`, { issues })
  }
  return parsed.data
}

/**
 * Why the caller may not run the operation (its role's capability, then its credential's scopes),
 * or null: the one rule behind both the refusal and the MCP tool list. The error is made only when
 * it is thrown, since listing tools asks this of every operation and an error records a stack.
 */
function refusalOf (holder: { options: { capabilities: CapabilityMap } }, identity: Identity, operation: Operation): (() => SvcError) | null {
  if (!roleHasCapability(holder.options.capabilities, identity.account.role, operation.capability)) {
    return () => forbidden(`${operation.name} requires the capability ${operation.capability}`)
  }
  const missing = missingScope(identity.grant, operation)
  if (missing !== null) return () => insufficientScope(operation.name, `this ${identity.mode === 'oauth' ? 'token' : 'key'}'s scopes do not include ${missing}`)
  return null
}

export function assertCapability (holder: { options: { capabilities: CapabilityMap } }, identity: Identity, operation: Operation): void {
  const refusal = refusalOf(holder, identity, operation)
  if (refusal) throw refusal()
}

/** Whether the caller may run the operation: what assertCapability checks, without throwing. */
export function callerMayRun (holder: { options: { capabilities: CapabilityMap } }, identity: Identity, operation: Operation): boolean {
  return refusalOf(holder, identity, operation) === null
}

/** The approval a gated caller re-calls with to collect a held call's result. */
function approvalIdOf (raw: unknown): string | undefined {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined
  const id = (raw as Record<string, unknown>)[APPROVAL_ID_PARAM]
  if (id === undefined) return undefined
  if (typeof id !== 'string' || id === '' || id.length > 100) throw invalidParams(`${APPROVAL_ID_PARAM} must be the id a 202 approval_required answer gave`)
  return id
}

/**
 * An operation's own links, for a caller whose capability was checked: the module switch, the
 * approval gate, params and confirm, a person's confirmation (see `Confirmation`), the handler,
 * and the returns schema, which strips anything the operation did not declare. Doors reach it
 * through `callOperation`.
 */
export async function runPermitted (
  operation: Operation,
  rawParams: unknown,
  confirmed: boolean,
  context: PermittedContext,
  confirmation: Confirmation = 'flag',
): Promise<OperationResult<unknown>> {
  await context.modules.assertEnabled(operation.module)
  const noPerson = heldForNoPerson(confirmation, operation)
  const gated = noPerson || needsApproval(context.identity, operation)
  const approvalId = gated ? approvalIdOf(rawParams) : undefined
  if (approvalId !== undefined) return collectApproved(context.db, context.identity, operation.name, approvalId, context.now())
  const params = parseParams(operation, rawParams)
  // `confirm` counts at the top level or in params, also for operations that only declare it (import).
  if (confirmed && 'confirm' in operation.params.shape) params.confirm = true
  if (operation.destructive && params.confirm !== true) throw confirmRequired(operation.name)
  // The call as it was sent (parsing may transform values), so approving re-parses it like any call.
  if (gated) await holdForApproval(context.db, context.identity, operation.name, { ...rawParams as Record<string, unknown>, confirm: true }, context.now(), noPerson ? UNREACHABLE_PERSON_REASON : undefined)
  await assertPersonConfirmed(confirmation, operation, params, context)
  let emitted = false
  const call: OperationContext = {
    ...context,
    emit: (tx, declaration, data) => { emitted = true; return emitEvent(tx, declaration, data, eventMetaOf(context)) },
    withEvent: (change, declaration, dataOf) => { emitted = true; return withEvent(context.db, change, declaration, dataOf, eventMetaOf(context)) },
  }
  const result = await withSpan('svc.handler', () => operation.handler(params, call), { attributes: { 'svc.operation': operation.name } })
  // The handler's transactions have committed: what its events enqueued can go now.
  if (emitted) context.kickOutbox()
  const data = operation.returns.safeParse(result.data)
  if (!data.success) {
    throw internal(new Error(`${operation.name} returned data outside its schema: ${formatIssues(describeIssues(data.error.issues))}`))
  }
  return { data: data.data, changed: result.changed }
}

/** A held call run again once approved, as its requester: the capability they hold now, then the operation's links. */
export async function runOperation (
  operation: Operation,
  rawParams: unknown,
  confirmed: boolean,
  context: PermittedContext,
): Promise<OperationResult<unknown>> {
  assertCapability(context, context.identity, operation)
  return runPermitted(operation, rawParams, confirmed, context)
}
