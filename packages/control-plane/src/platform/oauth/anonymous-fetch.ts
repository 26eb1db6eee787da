import type { Configuration } from 'oidc-provider'
import type { RequestInit as UndiciRequestInit } from 'undici'
import { createOutboundGuard, type OutboundGuard } from '../outgoing-http/outbound-guard.ts'

/**
 * The guard of fetches an anonymous caller triggers (a Client ID Metadata Document named by
 * whoever starts a sign-in). Not the site's guard: `SVC_OUTBOUND_ALLOW` opens internal hosts for
 * destinations an administrator set, and must not open them to anyone on the internet. Only
 * `oauth.metadataDocumentAllow`, a separate choice, lets such a fetch reach a non-public address.
 */
export const anonymousOutboundGuard = (metadataDocumentAllow: readonly string[]): OutboundGuard => createOutboundGuard(metadataDocumentAllow)

/** oidc-provider's fetch, leaving through `guard`, which checks each address when it connects. */
export function guardedFetch (guard: OutboundGuard): NonNullable<Configuration['fetch']> {
  return (input, init) => guard.fetch(input as string, init as UndiciRequestInit) as unknown as Promise<Response>
}
