import type { Identity } from '../../auth/identity.ts'
import { forbidden } from '../../errors.ts'

/** A connector must not list or end other grants: only the person signed in manages their connected apps. */
export function assertSession (identity: Identity): void {
  if (identity.mode !== 'session') throw forbidden('connected apps are managed signed in (the Admin UI), never with an API key or an OAuth token')
}
