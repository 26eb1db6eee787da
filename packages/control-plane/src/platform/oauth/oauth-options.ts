/** The host as an OAuth 2.1 authorization server for hosted connectors (docs/oauth.md). */
export type OAuthOptions = {
  /** Whether clients may register themselves at `/oauth/register` (RFC 7591) (`SVC_OAUTH_DYNAMIC_REGISTRATION`). @default true */
  dynamicRegistration?: boolean
  /**
   * Whether a client may name itself by an https URL serving its Client ID Metadata Document,
   * fetched through the outbound guard (`SVC_OAUTH_CLIENT_ID_METADATA_DOCUMENTS`). @default true
   */
  clientIdMetadataDocuments?: boolean
  /** Lifetime of an access token, in minutes (`SVC_OAUTH_ACCESS_TOKEN_MINUTES`). @default 10 */
  accessTokenMinutes?: number
  /** Lifetime of a refresh token, in days (`SVC_OAUTH_REFRESH_TOKEN_DAYS`). @default 30 */
  refreshTokenDays?: number
}

export type ResolvedOAuthOptions = Required<OAuthOptions>

export const OAUTH_DEFAULTS: ResolvedOAuthOptions = { dynamicRegistration: true, clientIdMetadataDocuments: true, accessTokenMinutes: 10, refreshTokenDays: 30 }
