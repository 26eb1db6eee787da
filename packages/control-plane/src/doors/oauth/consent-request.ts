import type { ControlPlaneRuntime } from '../../kernel/runtime.ts'
import type { Account } from '../../kernel/access/door-auth.ts'
import { oauthScopes, scopesHeldBy, READ_ONLY_SCOPE } from '../../platform/oauth/scopes.ts'

/**
 * Who asks, by what was verified: a client named by its metadata document's URL is that URL's
 * host (it served the document over https); a registered client named only itself, so its
 * `client_name` is shown as its claim, marked unverified.
 */
export function requesterOf (clientId: string, clientName: string | undefined): { verified_host: string | null, claimed_name: string | null } {
  const named = clientName ?? null
  if (!clientId.startsWith('https://')) return { verified_host: null, claimed_name: named }
  return { verified_host: new URL(clientId).host, claimed_name: named }
}

/** The redirect URI's host, which the page shows large: where the code (and so the access) goes. */
export const redirectHostOf = (redirectUri: string): string => {
  const url = new URL(redirectUri)
  return url.host || url.protocol
}

/**
 * The scopes a consent may grant, each checked at first (the page offers nothing it would not
 * check): asked for scopes, those the account holds, `read_only` kept when asked; asked for none,
 * the account's capabilities with `read_only`, so one click grants no more than reading.
 */
export function offeredScopes (runtime: ControlPlaneRuntime, account: Account, asked: string | undefined): string[] {
  const operations = runtime.registry.all()
  const known = new Set(oauthScopes(operations, runtime.options.capabilities))
  const requested = [...new Set((asked ?? '').split(' ').filter(scope => known.has(scope)))]
  const wanted = requested.length > 0 ? requested : [...Object.keys(runtime.options.capabilities), READ_ONLY_SCOPE]
  return scopesHeldBy(account.role, wanted, operations, runtime.options.capabilities)
}
