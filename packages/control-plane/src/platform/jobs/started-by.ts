import type { Identity } from '../auth/identity.ts'

/** The credential a job records as its starter: the API key's public id, `oauth:<client>` for an OAuth client, null for a session. */
export const jobCredentialOf = (identity: Identity): string | null =>
  identity.keyId ?? (identity.clientId ? `oauth:${identity.clientId}` : null)

/** The jobs the caller's own credential started, as a filter of `svc_jobs`: its key's (or client's), as its account; a session's, as its account. */
export function startedBy (identity: Identity): { keyId: string | null, actorId: string, actorMode?: string } {
  const keyId = jobCredentialOf(identity)
  return keyId === null ? { keyId: null, actorId: identity.account.id, actorMode: 'session' } : { keyId, actorId: identity.account.id }
}
