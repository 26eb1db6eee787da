import type { IncomingMessage } from 'node:http'
import proxyaddr from 'proxy-addr'
import ipaddr from 'ipaddr.js'

/**
 * Which proxies in front of the server are believed about the client's address: a hop count
 * (`1` = one reverse proxy) or the proxies' addresses and CIDR ranges (also `loopback`,
 * `linklocal`, `uniquelocal`). Never "everything": a spoofed `X-Forwarded-For` must not choose
 * the address a limit counts.
 */
export type TrustProxy = number | readonly string[]

export type ClientAddressOf = (req: IncomingMessage) => string

/** Reads `SVC_TRUST_PROXY`: empty for none, a hop count, or a comma-separated list of proxy addresses/CIDRs. */
export function parseTrustProxy (raw: string | undefined): TrustProxy {
  const value = raw?.trim() ?? ''
  if (value === '') return 0
  if (/^\d+$/.test(value)) return Number(value)
  if (/^(true|\*|all)$/i.test(value)) throw new Error('SVC_TRUST_PROXY cannot trust every proxy: give a hop count or the proxies\' addresses/CIDRs')
  const entries = value.split(',').map(entry => entry.trim()).filter(Boolean)
  assertNoAllCoveringRange(entries)
  return entries
}

/** A /0 range (`0.0.0.0/0`, `::/0`) trusts every address, which is trusting every proxy under another name. */
function assertNoAllCoveringRange (entries: readonly string[]): void {
  for (const entry of entries) {
    if (!entry.includes('/') || !ipaddr.isValidCIDR(entry)) continue
    const [, prefix] = ipaddr.parseCIDR(entry)
    if (prefix === 0) throw new Error(`SVC_TRUST_PROXY cannot trust ${entry}: it covers every address, so any client could pick its own. Give the proxies' addresses or narrower ranges`)
  }
}

/** The address to count: IPv4 as is, IPv6 as its /64 network, since one subscriber usually holds a whole /64. */
function countedAddress (address: string): string {
  if (!ipaddr.isValid(address)) return address
  const parsed = ipaddr.process(address)
  if (parsed.kind() === 'ipv4') return parsed.toString()
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${parsed.toString()}/64`).toString()}/64`
}

/** How to find the client address of a request, behind the trusted proxies; throws at startup on a bad list. */
export function clientAddressResolver (trust: TrustProxy = 0): ClientAddressOf {
  if (typeof trust === 'number' && (!Number.isInteger(trust) || trust < 0)) throw new Error(`trustProxy must be a hop count (0 or more), got ${trust}`)
  if (typeof trust !== 'number') assertNoAllCoveringRange(trust)
  const trusted = typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : proxyaddr.compile([...trust])
  return req => countedAddress(proxyaddr(req, trusted))
}
