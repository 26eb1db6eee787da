import { lookup, type LookupAddress, type LookupAllOptions } from 'node:dns'
import { isIP, type LookupFunction } from 'node:net'
import { Agent, buildConnector, type Dispatcher } from 'undici'
import type { AddressPolicy } from './address-policy.ts'
import { DestinationRefused } from './destination-refused.ts'

/**
 * Resolves like `dns.lookup`, then refuses the connection when any address the name resolves to
 * is forbidden. The refusal names the kind of address, never the address: whoever reads it (an
 * outbox error, an OAuth error page) learns nothing of the internal network's layout. It runs for every connection, on the addresses actually dialled, so a name that
 * resolved to a public address once and to an internal one later (DNS rebinding) is still caught.
 */
function guardedLookup (policy: AddressPolicy): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true } as LookupAllOptions, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0)
      const refused = policy.allowsHost(hostname) ? undefined : addresses.find(entry => policy.refusal(entry.address))
      if (refused) return callback(new DestinationRefused(`${hostname} resolves to ${policy.refusal(refused.address)}`), '', 0)
      if ((options as LookupAllOptions).all) return (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, addresses)
      callback(null, addresses[0]!.address, addresses[0]!.family)
    })
  }
}

/**
 * An undici dispatcher that applies the policy when each socket is opened: IP literals are
 * checked directly (no lookup runs for them), names through the guarded lookup.
 */
export function guardedDispatcher (policy: AddressPolicy): Dispatcher {
  const connect = buildConnector({ lookup: guardedLookup(policy) })
  return new Agent({
    connect: (options, callback) => {
      const literal = options.hostname.replace(/^\[|\]$/g, '')
      const kind = isIP(literal) ? policy.refusal(literal) : null
      if (kind) return callback(new DestinationRefused(`${literal} is ${kind}`), null)
      return connect(options, callback)
    },
  })
}
