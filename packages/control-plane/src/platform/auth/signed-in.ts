import type { Identity } from './identity.ts'
import { forbidden } from '../errors/errors.ts'

/**
 * For operations only a person signed in may run: a key that could approve could approve its own
 * calls, and a connector must not list or end other grants. `what` names the act, e.g.
 * `approvals are decided`.
 */
export function assertSignedIn (identity: Identity, what: string): void {
  if (identity.mode !== 'session') throw forbidden(`${what} signed in (the Admin UI), never with an API key or an OAuth token`)
}
