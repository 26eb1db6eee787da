import type { Dispatcher, RequestInit, Response } from 'undici'
import { invalidParams } from '../errors/errors.ts'
import { AddressPolicy, OUTBOUND_RULE } from './address-policy.ts'

/** The one way server-side requests leave: the policy, and undici's fetch through a dispatcher that enforces it at connect time. */
export type OutboundGuard = {
  policy: AddressPolicy
  fetch: (url: string, init: RequestInit) => Promise<Response>
  /** Closes the dispatcher's connections, if a request ever went out. */
  close: () => Promise<void>
}

/**
 * The guard of `allow`. undici (about 110 modules, 20 MB) loads with the first request that
 * leaves, not with the site: most sites answer for minutes before their first webhook is due.
 */
export function createOutboundGuard (allow: readonly string[] = []): OutboundGuard {
  const policy = new AddressPolicy(allow)
  let client: Promise<{ fetch: typeof import('undici').fetch, dispatcher: Dispatcher }> | undefined
  const opened = () => client ??= Promise.all([import('undici'), import('./guarded-dispatcher.ts')])
    .then(([{ fetch }, { guardedDispatcher }]) => ({ fetch, dispatcher: guardedDispatcher(policy) }))
  return {
    policy,
    fetch: async (url, init) => {
      const { fetch, dispatcher } = await opened()
      return fetch(url, { ...init, dispatcher })
    },
    close: async () => {
      if (client) await (await client).dispatcher.close()
    },
  }
}

/**
 * Refuses, as `invalid_params` on `path`, a destination URL that could only reach a forbidden
 * address (an IP literal or a localhost name). Names are checked again on every connection.
 */
export function assertAllowedDestination (guard: OutboundGuard, url: string | null | undefined, path: string): void {
  if (!url) return
  const reason = guard.policy.literalRefusal(url)
  if (!reason) return
  const message = `${reason}: ${OUTBOUND_RULE}`
  throw invalidParams(`${path}: ${message}`, { issues: [{ path, code: 'forbidden_destination', message }] })
}
