/** What of a browser's request decides whether its session cookie may be trusted for a write. */
export type BrowserRequest = {
  method: string
  /** Whether the body was sent as `application/json`. */
  json: boolean
  /** The `Origin` header, when the browser sent one. */
  origin: string | undefined
  /** The `Host` header the request was sent to. */
  host: string | undefined
}

/** The Admin UI session a request carries, read only if no `Authorization` header came. */
export type SessionCredential = {
  /** The signed-in account of the host's accounts list, or null when none is. */
  accountId: () => Promise<string | null>
  request: BrowserRequest
}

/**
 * What a door read off a request to say who calls, before anything of it is checked: the
 * protocol's part of authentication. The checks are `authenticate`'s, for every door alike.
 */
export type Credential = {
  /** The `Authorization` header as sent: an API key or an OAuth access token. */
  authorization: string | undefined
  /** The session, for doors that take one (not MCP). */
  session?: SessionCredential | undefined
  /**
   * The caller's address: recorded as a key's last use, and what refused authentications are
   * counted by. Read only then: resolving it (the trusted proxies, IPv6's /64) is work most calls never need.
   */
  clientAddress: () => string
}
