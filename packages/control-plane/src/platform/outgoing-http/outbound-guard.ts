import type { Dispatcher } from 'undici'
import { invalidParams } from '../errors/errors.ts'
import { AddressPolicy, OUTBOUND_RULE } from './address-policy.ts'
import { guardedDispatcher } from './guarded-dispatcher.ts'

/** The one way server-side requests leave: the policy, and the dispatcher that enforces it at connect time. */
export type OutboundGuard = { policy: AddressPolicy, dispatcher: Dispatcher }

export function createOutboundGuard (allow: readonly string[] = []): OutboundGuard {
  const policy = new AddressPolicy(allow)
  return { policy, dispatcher: guardedDispatcher(policy) }
}

/**
 * Refuses, as `invalid_params` on `path`, a destination URL that could only reach a forbidden
 * address (an IP literal or a localhost name). Names are checked again on every connection.
 */
export function assertAllowedDestination (guard: OutboundGuard, url: string | null | undefined, path: string): void {
  if (!url) return
  const reason = guard.policy.literalRefusal(url)
  if (!reason) return
  const message = `${reason}: ${OUTBOUND_RULE}`
  throw invalidParams(`${path}: ${message}`, { issues: [{ path, code: 'forbidden_destination', message }] })
}
