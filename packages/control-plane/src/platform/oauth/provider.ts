// The named export: a host bundled as CommonJS (Keystone's build) gets no usable default export from this ESM-only package.
import { Provider, errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider'
import type { Db } from '../db/client.ts'
import type { ResolvedOptions } from '../settings/resolved-options.ts'
import type { SecretBox } from '../secrets/secret-box.ts'
import type { ScopedOperation } from '../auth/scopes.ts'
import { DatabaseAdapter, type OAuthStore } from './adapter.ts'
import { loadServerKeys } from './signing-keys.ts'
import { INTERACTION_PATH, originOf, resourceUrls } from './resource-urls.ts'
import { oauthScopes } from './scopes.ts'
import { anonymousOutboundGuard, guardedFetch } from './anonymous-fetch.ts'
import { publicClientPolicy } from './public-client-policy.ts'

/** Where the authorization server's endpoints live, under the site's origin (the issuer). */
const OAUTH_ROUTES = {
  authorization: '/oauth/authorize',
  token: '/oauth/token',
  registration: '/oauth/register',
  revocation: '/oauth/revoke',
  jwks: '/oauth/jwks',
  end_session: '/oauth/session/end',
  userinfo: '/oauth/userinfo',
  introspection: '/oauth/introspect',
  pushed_authorization_request: '/oauth/par',
  code_verification: '/oauth/device',
  device_authorization: '/oauth/device/auth',
  backchannel_authentication: '/oauth/backchannel',
  challenge: '/oauth/challenge',
  credential: '/oauth/credential',
} as const

export type ProviderDeps = {
  db: Db
  secrets: SecretBox
  options: ResolvedOptions
  operations: () => readonly ScopedOperation[]
}

/** The resource a request names, as the audience its tokens carry; anything else is not this server's. */
function audienceOf (resource: string, urls: { namespace: string, mcp: string }): string | null {
  if (resource === urls.mcp || resource.startsWith(`${urls.mcp}/`)) return urls.mcp
  if (resource === urls.namespace || resource.startsWith(`${urls.namespace}/`)) return urls.namespace
  return null
}

/** The draft of Client ID Metadata Documents oidc-provider implements; acknowledged so an update that changes it fails loudly. */
const CLIENT_ID_METADATA_DRAFT = 'draft-02'

/** oidc-provider configured as the site's OAuth 2.1 authorization server (docs/oauth.md). */
export async function createProvider ({ db, secrets, options, operations }: ProviderDeps): Promise<Provider> {
  const store: OAuthStore = { db, secrets, now: options.now }
  const keys = await loadServerKeys(store)
  const urls = resourceUrls(options)
  const scopes = oauthScopes(operations(), options.capabilities)
  const { accessTokenMinutes, refreshTokenDays, dynamicRegistration, registrationToken, clientIdMetadataDocuments } = options.oauth
  const anonymousOutbound = anonymousOutboundGuard(options.oauth.metadataDocumentAllow)
  const configuration: Configuration = {
    adapter: (name: string) => new DatabaseAdapter(name, store),
    jwks: keys.jwks,
    cookies: { keys: keys.cookieKeys },
    routes: OAUTH_ROUTES,
    scopes,
    claims: { openid: ['sub'] },
    responseTypes: ['code'],
    // OAuth 2.1: every client proves possession of its code with PKCE, and oidc-provider knows only S256.
    pkce: { required: () => true },
    clientDefaults: { grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none', id_token_signed_response_alg: 'ES256' },
    rotateRefreshToken: true,
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    ttl: {
      AccessToken: accessTokenMinutes * 60,
      AuthorizationCode: 60,
      RefreshToken: refreshTokenDays * 86_400,
      Grant: refreshTokenDays * 86_400,
      Interaction: 600,
      Session: 3600,
      IdToken: 600,
    },
    findAccount: (_ctx, accountId) => ({ accountId, claims: () => ({ sub: accountId }) }),
    interactions: { url: (_ctx, interaction) => `${INTERACTION_PATH}/${interaction.uid}` },
    clientBasedCORS: () => true,
    fetch: guardedFetch(anonymousOutbound),
    extraClientMetadata: publicClientPolicy,
    features: {
      devInteractions: { enabled: false },
      // The options refuse registration without a token, so an open registration endpoint cannot be configured.
      registration: { enabled: dynamicRegistration, initialAccessToken: registrationToken ?? false },
      clientIdMetadataDocument: {
        enabled: clientIdMetadataDocuments,
        ack: CLIENT_ID_METADATA_DRAFT,
        // Refused before any connection when the URL itself names a forbidden address; names are checked again at connect.
        allowFetch: (_ctx, clientId) => anonymousOutbound.policy.literalRefusal(clientId) === null,
      },
      // A client revokes only its own tokens; another's are left alone, with the 200 RFC 7009 asks for.
      revocation: { enabled: true, allowedPolicy: (_ctx, client, token) => token.clientId === client.clientId },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => urls.mcp,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx: KoaContextWithOIDC, resource: string) => {
          const audience = audienceOf(resource, urls)
          if (!audience) throw new errors.InvalidTarget(`this server issues tokens for ${urls.mcp} and ${urls.namespace} only`)
          return { scope: scopes.join(' '), audience, accessTokenTTL: accessTokenMinutes * 60, accessTokenFormat: 'opaque' }
        },
      },
    },
  }
  const provider = new Provider(originOf(options), configuration)
  return provider
}
