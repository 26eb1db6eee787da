import type { Request, Response } from 'express'
import type { KeystoneContext } from '@keystone-6/core/types'
import type { Db } from '../db/client.ts'
import type { Identity } from './identity.ts'
import type { ResolvedOptions } from '../settings/resolved-options.ts'
import { parseKey, secretMatches } from './api-key-format.ts'
import type { KeyLookup } from './key-cache.ts'
import { badRequest, forbidden, unauthenticated } from '../errors/errors.ts'
import { isSameOrigin } from '../lib/same-origin.ts'
import { accountLoader } from '../host-contract/load-account.ts'
import { FULL_GRANT } from './scopes.ts'

/** `last_used_at` is a hint for administrators; writing it on every call would serialize all requests. */
const LAST_USED_RESOLUTION_MS = 60_000

/** Resolves an OAuth access token (any bearer token that is not an API key) to its caller. */
export type AccessTokenResolver = (token: string, now: Date) => Promise<Identity>

/** What resolving a caller needs: the database, how to find a key (cached or not), the host's accounts, and OAuth tokens when served. */
export type Credentials = { db: Db, findKey: KeyLookup, options: Pick<ResolvedOptions, 'host' | 'clientAddress'>, accessTokens?: AccessTokenResolver }

async function authenticateApiKey ({ db, findKey, options, accessTokens }: Credentials, req: Request, header: string, now: Date): Promise<Identity> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header)
  const parsed = match ? parseKey(match[1]!) : null
  if (!parsed && match && accessTokens && !match[1]!.startsWith('svc_')) return accessTokens(match[1]!, now)
  if (!parsed) throw unauthenticated('malformed API key: expected Authorization: Bearer svc_<id>_<secret>')
  const key = await findKey(parsed.publicId)
  if (!key || !secretMatches(parsed.secret, key.secretDigest) || !key.owner) throw unauthenticated('invalid API key')
  if (key.revokedAt) throw unauthenticated('this API key was revoked')
  if (key.expiresAt && key.expiresAt <= now) throw unauthenticated('this API key has expired')
  if (!key.lastUsedAt || now.getTime() - key.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    await db.svcApiKey.update({ where: { id: key.id }, data: { lastUsedAt: now, lastUsedIp: options.clientAddress(req) } })
  }
  return { account: key.owner, mode: 'api_key', keyId: parsed.publicId, grant: key.grant, approval: key.approval, keyExpiresAt: key.expiresAt }
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * A browser carries the session cookie to any site that asks, so session writes must be JSON
 * (a cross-site form cannot send that without a preflight) and, when the browser names an
 * origin, from this origin.
 */
export function assertSessionRequestIsSameSite (req: Request): void {
  if (!MUTATING.has(req.method)) return
  if (!req.is('application/json')) throw badRequest('requests signed in with a session must send Content-Type: application/json')
  const origin = req.get('origin')
  if (origin !== undefined && !isSameOrigin(origin, req.get('host'))) throw forbidden('cross-origin requests cannot use the session')
}

/** The id of the host account signed in to the Admin UI on this request, or null. */
export async function sessionAccountId ({ options }: Pick<Credentials, 'options'>, keystone: KeystoneContext, req: Request, res: Response): Promise<string | null> {
  const session = (await keystone.withRequest(req, res)).session as { itemId?: string | number, listKey?: string } | undefined
  if (session?.itemId == null || session.itemId === '') return null
  // A host may sign in more than one list; only its accounts list holds control-plane roles.
  if (session.listKey !== undefined && session.listKey !== options.host.accounts.list) return null
  return String(session.itemId)
}

async function authenticateSession (credentials: Credentials, keystone: KeystoneContext, req: Request, res: Response): Promise<Identity> {
  const { db, options } = credentials
  const accountId = await sessionAccountId(credentials, keystone, req, res)
  if (accountId === null) throw unauthenticated()
  assertSessionRequestIsSameSite(req)
  const account = await accountLoader(db, options.host.accounts)(accountId)
  if (!account) throw unauthenticated('the signed-in account no longer exists')
  return { account, mode: 'session', keyId: null, grant: FULL_GRANT, approval: 'none', keyExpiresAt: null }
}

/** Resolves the caller from an API key alone, for doors that take no session (MCP). */
export function authenticateApiKeyOnly (credentials: Credentials, req: Request, now: Date): Promise<Identity> {
  const header = req.get('authorization')
  if (header === undefined) throw unauthenticated('send an API key: Authorization: Bearer svc_<id>_<secret>')
  return authenticateApiKey(credentials, req, header, now)
}

/** Resolves the caller from an API key or, failing that, the Admin UI session cookie. */
export function authenticate (credentials: Credentials, keystone: KeystoneContext, req: Request, res: Response, now: Date): Promise<Identity> {
  const header = req.get('authorization')
  if (header !== undefined) return authenticateApiKey(credentials, req, header, now)
  return authenticateSession(credentials, keystone, req, res)
}
