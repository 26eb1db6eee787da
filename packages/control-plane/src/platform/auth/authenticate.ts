import type { Db } from '../db/client.ts'
import type { Identity } from './identity.ts'
import type { ResolvedOptions } from '../settings/resolved-options.ts'
import { parseKey, secretMatches } from './api-key-format.ts'
import type { KeyLookup } from './key-cache.ts'
import { badRequest, forbidden, unauthenticated } from '../errors/errors.ts'
import { isSameOrigin } from '../lib/same-origin.ts'
import { accountLoader } from '../host-contract/load-account.ts'
import { FULL_GRANT } from './scopes.ts'
import type { BrowserRequest, Credential, SessionCredential } from './credential.ts'

/** `last_used_at` is a hint for administrators; writing it on every call would serialize all requests. */
const LAST_USED_RESOLUTION_MS = 60_000

/** Resolves an OAuth access token (any bearer token that is not an API key) to its caller. */
export type AccessTokenResolver = (token: string, now: Date) => Promise<Identity>

/** What resolving a caller needs: the database, how to find a key (cached or not), the host's accounts, and OAuth tokens when served. */
export type Credentials = { db: Db, findKey: KeyLookup, options: Pick<ResolvedOptions, 'host'>, accessTokens?: AccessTokenResolver }

async function authenticateApiKey ({ db, findKey, accessTokens }: Credentials, credential: Credential, header: string, now: Date): Promise<Identity> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header)
  const parsed = match ? parseKey(match[1]!) : null
  if (!parsed && match && accessTokens && !match[1]!.startsWith('svc_')) return accessTokens(match[1]!, now)
  if (!parsed) throw unauthenticated('malformed API key: expected Authorization: Bearer svc_<id>_<secret>')
  const key = await findKey(parsed.publicId)
  if (!key || !secretMatches(parsed.secret, key.secretDigest) || !key.owner) throw unauthenticated('invalid API key')
  if (key.revokedAt) throw unauthenticated('this API key was revoked')
  if (key.expiresAt && key.expiresAt <= now) throw unauthenticated('this API key has expired')
  if (!key.lastUsedAt || now.getTime() - key.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    await db.svcApiKey.update({ where: { id: key.id }, data: { lastUsedAt: now, lastUsedIp: credential.clientAddress() } })
  }
  return { account: key.owner, mode: 'api_key', keyId: parsed.publicId, grant: key.grant, approval: key.approval, keyExpiresAt: key.expiresAt, pinnedVersion: key.pinnedVersion }
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * A browser carries the session cookie to any site that asks, so session writes must be JSON
 * (a cross-site form cannot send that without a preflight) and, when the browser names an
 * origin, from this origin.
 */
export function assertSameSite (request: BrowserRequest): void {
  if (!MUTATING.has(request.method)) return
  if (!request.json) throw badRequest('requests signed in with a session must send Content-Type: application/json')
  if (request.origin !== undefined && !isSameOrigin(request.origin, request.host)) throw forbidden('cross-origin requests cannot use the session')
}

async function authenticateSession ({ db, options }: Credentials, session: SessionCredential): Promise<Identity> {
  const accountId = await session.accountId()
  if (accountId === null) throw unauthenticated()
  assertSameSite(session.request)
  const account = await accountLoader(db, options.host.accounts)(accountId)
  if (!account) throw unauthenticated('the signed-in account no longer exists')
  return { account, mode: 'session', keyId: null, grant: FULL_GRANT, approval: 'none', keyExpiresAt: null }
}

/**
 * Resolves the caller from what its door read: an API key or an OAuth access token in
 * `Authorization`, or, where the door takes one and no header came, the Admin UI session.
 */
export async function authenticate (credentials: Credentials, credential: Credential, now: Date): Promise<Identity> {
  if (credential.authorization !== undefined) return authenticateApiKey(credentials, credential, credential.authorization, now)
  if (!credential.session) throw unauthenticated('send an API key: Authorization: Bearer svc_<id>_<secret>')
  return authenticateSession(credentials, credential.session)
}
