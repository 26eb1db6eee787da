import { expect } from '@jest/globals'
import { createHash, randomBytes } from 'node:crypto'
import type { Json } from './json.ts'

/** A browser's cookies for one origin: enough for oidc-provider's interaction cookies and Keystone's session. */
export class CookieJar {
  readonly #cookies = new Map<string, string>()

  take (response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';')
      const at = pair!.indexOf('=')
      const name = pair!.slice(0, at).trim()
      const value = pair!.slice(at + 1)
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.#cookies.delete(name)
      else this.#cookies.set(name, value)
    }
  }

  add (cookie: string): void {
    const at = cookie.indexOf('=')
    this.#cookies.set(cookie.slice(0, at), cookie.slice(at + 1))
  }

  header (): string {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  }
}

/** One request as the browser makes it: cookies sent and kept, redirects not followed. */
export async function browse (jar: CookieJar, url: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(url, { ...init, redirect: 'manual', headers: { ...init.headers as Record<string, string>, cookie: jar.header() } })
  jar.take(response)
  return response
}

/** Follows redirects on `origin` until one leaves it or a page answers; returns the last response and its URL. */
export async function follow (jar: CookieJar, origin: string, url: string): Promise<{ response: Response, url: string }> {
  let current = new URL(url, origin).href
  for (let hop = 0; hop < 10; hop++) {
    if (!current.startsWith(origin)) return { response: new Response(null, { status: 204 }), url: current }
    const response = await browse(jar, current)
    const location = response.headers.get('location')
    if (response.status < 300 || response.status >= 400 || !location) return { response, url: current }
    current = new URL(location, current).href
  }
  throw new Error('too many redirects')
}

export function pkcePair (): { verifier: string, challenge: string } {
  const verifier = randomBytes(32).toString('base64url')
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') }
}

export async function form (url: string, fields: Record<string, string>): Promise<{ status: number, body: Json }> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields) })
  return { status: response.status, body: await response.json() }
}

type OAuthTokens = { access_token: string, refresh_token: string, scope: string, token_type: string, expires_in: number }

export type ConsentFlow = {
  origin: string
  clientId: string
  redirectUri: string
  scope: string
  /** The scopes the user leaves checked on the consent page. */
  grant: string[]
  resource: string
  /** The Keystone session cookie of the account signing in. */
  session: string
  /** Whether the grant's destructive calls wait for an administrator (the consent page's checkbox, on by default). */
  approveDestructive?: boolean
}

/** Authorize → sign in → consent (granting `grant`) → code → tokens, as a browser and a connector would, over HTTP. */
export async function authorizeWithConsent ({ origin, clientId, redirectUri, scope, grant, resource, session, approveDestructive }: ConsentFlow) {
  const jar = new CookieJar()
  const { verifier, challenge } = pkcePair()
  const authorize = `${origin}/oauth/authorize?${new URLSearchParams({
    client_id: clientId, redirect_uri: redirectUri, response_type: 'code', ...scope === '' ? {} : { scope }, state: 'st4te', code_challenge: challenge, code_challenge_method: 'S256', resource,
  })}`
  const toSignIn = await follow(jar, origin, authorize)
  expect(toSignIn.url).toMatch(new RegExp(`^${origin}/signin\\?from=%2Foauth%2Finteraction%2F`))
  jar.add(session)
  const interaction = decodeURIComponent(new URL(toSignIn.url).searchParams.get('from')!)
  const toConsent = await follow(jar, origin, interaction)
  expect(toConsent.url).toMatch(new RegExp(`^${origin}/control-plane/oauth-consent\\?uid=`))
  const uid = new URL(toConsent.url).searchParams.get('uid')!
  const details = await (await browse(jar, `${origin}/oauth/interaction/${uid}/details`)).json() as { data: { client_id: string, client_name: string | null, verified_host: string | null, claimed_name: string | null, redirect_uri: string, redirect_host: string, scopes: string[] } }
  expect(details.data).toMatchObject({ client_id: clientId, redirect_uri: redirectUri })
  const confirmed = await browse(jar, `${origin}/oauth/interaction/${uid}/confirm`, {
    method: 'POST', headers: { 'content-type': 'application/json', origin }, body: JSON.stringify({ scopes: grant, approve_destructive: approveDestructive }),
  })
  const decision = await confirmed.json() as { ok: boolean, data: { redirect_to: string } }
  expect(decision.ok).toBe(true)
  const back = await follow(jar, origin, decision.data.redirect_to)
  const callback = new URL(back.url)
  expect(`${callback.origin}${callback.pathname}`).toBe(redirectUri)
  expect(callback.searchParams.get('state')).toBe('st4te')
  const code = callback.searchParams.get('code')!
  const tokens = await form(`${origin}/oauth/token`, { grant_type: 'authorization_code', code, redirect_uri: redirectUri, client_id: clientId, code_verifier: verifier })
  expect(tokens).toMatchObject({ status: 200 })
  return { tokens: tokens.body as OAuthTokens, details: details.data }
}
