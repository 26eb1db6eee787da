import type { Identity } from '../../platform/auth/identity.ts'
import { invalidParams } from '../../platform/errors/errors.ts'
import { pinProblem, PRODUCT_VERSION } from '../../platform/version.ts'

/**
 * The product version a new key pins: the one asked for (null: none), else the minting key's, so a
 * child answers as its parent does. Refused when this build could not serve it, as a call's own pin would be.
 */
export function pinnedVersionOf (asked: string | null | undefined, minter: Identity | null): string | null {
  const pin = asked === undefined ? minter?.pinnedVersion ?? null : asked
  const problem = pin === null ? null : pinProblem(pin)
  if (problem) throw invalidParams(`pinned_version ${pin}: ${problem}; this site runs ${PRODUCT_VERSION}`, { requested: pin, installed: PRODUCT_VERSION })
  return pin
}
