import ipaddr from 'ipaddr.js'

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number]

/** What ipaddr.js calls a range, in the words an operator reads in an error. */
const RANGE_LABELS: Record<string, string> = {
  loopback: 'a loopback address',
  private: 'a private address',
  uniqueLocal: 'a private (unique local) address',
  linkLocal: 'a link-local address',
  carrierGradeNat: 'a carrier-grade NAT address',
  multicast: 'a multicast address',
  unspecified: 'an unspecified address',
  broadcast: 'a broadcast address',
  ipv4Mapped: 'an IPv4-mapped IPv6 address',
}

/** The rule, as refusals state it. */
export const OUTBOUND_RULE = 'outbound requests go only to public addresses (SVC_OUTBOUND_ALLOW lets a host or range through)'

/**
 * Which addresses outbound requests may reach: public unicast ones, plus the hosts and CIDR
 * ranges an operator allows (`SVC_OUTBOUND_ALLOW`), e.g. `crm.internal, 10.0.0.0/8, 127.0.0.1`.
 */
export class AddressPolicy {
  readonly #hosts: ReadonlySet<string>
  readonly #ranges: readonly Range[]

  constructor (allow: readonly string[] = []) {
    const hosts = new Set<string>()
    const ranges: Range[] = []
    for (const raw of allow) {
      const entry = raw.trim().toLowerCase()
      if (ipaddr.isValidCIDR(entry)) ranges.push(ipaddr.parseCIDR(entry))
      else if (ipaddr.isValid(entry)) {
        const address = ipaddr.parse(entry)
        ranges.push([address, address.kind() === 'ipv4' ? 32 : 128])
      } else if (/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(entry)) hosts.add(entry)
      else throw new Error(`outboundAllow: "${raw}" is neither a host name, an IP address nor a CIDR range`)
    }
    this.#hosts = hosts
    this.#ranges = ranges
  }

  /** Whether a host name was allowed by name; its addresses are then not checked. */
  allowsHost (hostname: string): boolean {
    return this.#hosts.has(hostname.toLowerCase().replace(/\.$/, ''))
  }

  /** What kind of address `address` is when it may not be reached ("a loopback address"), or null when it may. */
  refusal (address: string): string | null {
    const parsed = ipaddr.parse(address)
    if (this.#ranges.some(([network, bits]) => network.kind() === parsed.kind() && parsed.match(network, bits))) return null
    const range = parsed.range()
    if (range === 'unicast') return null
    return RANGE_LABELS[range] ?? `a reserved address (${range})`
  }

  /**
   * Why a URL's host may not be stored as a destination, or null. Only what is certain without
   * DNS: IP literals and `localhost` names; resolved names are checked when connecting.
   */
  literalRefusal (url: string): string | null {
    const hostname = new URL(url).hostname.replace(/^\[|\]$/g, '')
    if (this.allowsHost(hostname)) return null
    if (ipaddr.isValid(hostname)) {
      const kind = this.refusal(hostname)
      return kind && `${hostname} is ${kind}`
    }
    // RFC 6761: localhost names resolve to loopback addresses, whatever DNS says.
    if (/(^|\.)localhost\.?$/i.test(hostname)) return this.refusal('127.0.0.1') === null ? null : `${hostname} is a loopback name`
    return null
  }
}
