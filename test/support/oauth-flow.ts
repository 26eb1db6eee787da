import { createHash, randomBytes } from 'node:crypto'

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

export async function form (url: string, fields: Record<string, string>): Promise<{ status: number, body: any }> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields) })
  return { status: response.status, body: await response.json() }
}
