import type { ControlPlaneRuntime } from '../runtime.ts'
import type { Identity } from '../../platform/auth/identity.ts'
import { roleHasAnyCapability, roleHasCapability } from '../../platform/auth/capabilities.ts'
import { forbidden, type SvcError } from '../../platform/errors/errors.ts'
import { auditOutsideOperation } from '../../platform/audit/audit-outside-operation.ts'
import type { DoorKind } from './door.ts'

/** 403 for an account whose role holds no control-plane capability at all. */
export const noCapability = (): SvcError => forbidden('this account holds no control-plane capability')

/** Whether a role holds the capability: for a door that shows or warns by it (the MCP manifest resource, the CLI's minted key). */
export const roleHolds = (runtime: Pick<ControlPlaneRuntime, 'options'>, role: string | undefined, capability: string): boolean =>
  roleHasCapability(runtime.options.capabilities, role, capability)

/** What reading the manifest, the OpenAPI document and its reference page needs, whichever door they are read through. */
export const READER_CAPABILITY = 'manage_options'

/** Whether the account's role holds any control-plane capability. */
export const holdsAnyCapability = (runtime: Pick<ControlPlaneRuntime, 'options'>, identity: Identity): boolean =>
  roleHasAnyCapability(runtime.options.capabilities, identity.account.role)

/** What a request no operation answers was aimed at: its door, the name its audit entry gets, and what it reads. */
export type OutsideOperation = { door: DoorKind, operation: string, requestId: string | null, started?: number }

/**
 * The capability check of a request no operation answers (the MCP endpoint as a whole, the
 * manifest and OpenAPI documents): refused 403 and audited as a call of the door, once, here.
 * `required`: one capability and what needs it, or, without it, any capability at all.
 */
export async function assertCapabilityOutsideOperation (runtime: ControlPlaneRuntime, identity: Identity, aim: OutsideOperation, required?: { capability: string, what: string }): Promise<void> {
  const holds = required ? roleHolds(runtime, identity.account.role, required.capability) : holdsAnyCapability(runtime, identity)
  if (holds) return
  const refusal = required ? forbidden(`${required.what} requires the capability ${required.capability}`) : noCapability()
  await auditOutsideOperation(runtime, {
    operation: aim.operation, channel: aim.door.channel, identity, code: refusal.code, ...aim.started === undefined ? {} : { durationMs: performance.now() - aim.started }, params: {}, requestId: aim.requestId,
  })
  throw refusal
}
