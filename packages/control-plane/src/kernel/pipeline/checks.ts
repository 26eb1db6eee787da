import type { Operation } from '../registry/define-operation.ts'
import type { CapabilityMap } from '../../platform/auth/capabilities.ts'
import type { Identity } from '../../platform/auth/identity.ts'
import { roleHasCapability } from '../../platform/auth/capabilities.ts'
import { missingScope } from '../../platform/auth/scopes.ts'
import { forbidden, insufficientScope, internal, invalidParams, type SvcError } from '../../platform/errors/errors.ts'
import { invalidParamsFromZod, listIssues, paramIssues } from '../../platform/errors/zod-issues.ts'
import { assertCleanInput } from '../../platform/lib/input-boundary.ts'
import { APPROVAL_ID_PARAM } from './approval-gate.ts'

/** The params as the operation's schema reads them, or 400 `invalid_params` naming each issue. */
export function parseParams (operation: Operation, raw: unknown): Record<string, unknown> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw invalidParams('params must be a JSON object')
  assertCleanInput(raw, { what: `invalid params for ${operation.name}` })
  const parsed = operation.params.safeParse(raw)
  if (!parsed.success) throw invalidParamsFromZod(`invalid params for ${operation.name}`, parsed.error.issues)
  return parsed.data
}

/** What the handler answered, as the operation's `returns` declares it: anything undeclared is dropped, a mismatch is our fault. */
export function parseReturns (operation: Operation, data: unknown): unknown {
  const parsed = operation.returns.safeParse(data)
  if (!parsed.success) {
    throw internal(new Error(`${operation.name} returned data outside its schema: ${listIssues(paramIssues(parsed.error.issues))}`))
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
export function approvalIdOf (raw: unknown): string | undefined {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined
  const id = (raw as Record<string, unknown>)[APPROVAL_ID_PARAM]
  if (id === undefined) return undefined
  if (typeof id !== 'string' || id === '' || id.length > 100) throw invalidParams(`${APPROVAL_ID_PARAM} must be the id a 202 approval_required answer gave`)
  return id
}
