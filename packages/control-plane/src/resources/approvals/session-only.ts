import type { Identity } from '../../auth/identity.ts'
import { forbidden } from '../../errors.ts'

/** A key that could approve could approve its own calls: only a person signed in decides. */
export function assertSession (identity: Identity): void {
  if (identity.mode !== 'session') throw forbidden('approvals are decided by an administrator signed in (the Admin UI), never with an API key')
}
