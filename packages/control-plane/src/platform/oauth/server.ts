import type { Provider } from 'oidc-provider'
import type { Db } from '../db/client.ts'
import type { ResolvedOptions } from '../settings/resolved-options.ts'
import type { SecretBox } from '../secrets/secret-box.ts'
import type { Account, Identity } from '../auth/identity.ts'
import type { ScopedOperation } from '../auth/scopes.ts'
import { resourceUrls } from './resource-urls.ts'
import { identityOfAccessToken } from './token-identity.ts'
import { providerRequests, type ProviderRequests } from './provider-requests.ts'

/** The authorization server of one process: its provider, made on first use, and the resources it protects. */
export type OAuthServer = {
  provider: () => Promise<Provider>
  /** The provider's own routes (`/oauth/*`, its metadata): `provider().callback()`, without its cost to the site's other requests. */
  serve: () => Promise<ProviderRequests>
  urls: { namespace: string, mcp: string }
  identify: (token: string, now: Date) => Promise<Identity>
}

export type OAuthServerDeps = {
  db: Db
  secrets: SecretBox
  options: ResolvedOptions
  operations: () => readonly ScopedOperation[]
  loadAccount: (id: string) => Promise<Account | null>
}

export function createOAuthServer (deps: OAuthServerDeps): OAuthServer {
  let made: Promise<Provider> | null = null
  // Made on first use: the signing keys live in the database, which may not be migrated when the server is built;
  // and imported then, so a site (and each CLI command) that never serves OAuth never loads oidc-provider.
  const provider = () => {
    made ??= import('./provider.ts').then(({ createProvider }) => createProvider(deps)).catch((error: unknown) => { made = null; throw error })
    return made
  }
  let serving: Promise<ProviderRequests> | null = null
  const serve = () => {
    serving ??= provider().then(providerRequests).catch((error: unknown) => { serving = null; throw error })
    return serving
  }
  const urls = resourceUrls(deps.options)
  return {
    provider,
    serve,
    urls,
    identify: (token, now) => identityOfAccessToken({ provider, db: deps.db, loadAccount: deps.loadAccount, audiences: [urls.mcp, urls.namespace] }, token, now),
  }
}
