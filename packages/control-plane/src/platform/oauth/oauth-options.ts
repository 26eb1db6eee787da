import { z } from 'zod'
import type { StrictGroup } from '../settings/strict-group.ts'

const oauthShape = {
  /** Whether clients may register themselves at `/oauth/register` (RFC 7591) (`SVC_OAUTH_DYNAMIC_REGISTRATION`). @default true */
  dynamicRegistration: z.boolean().default(true),
  /**
   * Whether a client may name itself by an https URL serving its Client ID Metadata Document,
   * fetched through the outbound guard (`SVC_OAUTH_CLIENT_ID_METADATA_DOCUMENTS`). @default true
   */
  clientIdMetadataDocuments: z.boolean().default(true),
  /** Lifetime of an access token, in minutes (`SVC_OAUTH_ACCESS_TOKEN_MINUTES`). @default 10 */
  accessTokenMinutes: z.number().int().min(1).max(1440).default(10),
  /** Lifetime of a refresh token, in days (`SVC_OAUTH_REFRESH_TOKEN_DAYS`). @default 30 */
  refreshTokenDays: z.number().int().min(1).max(365).default(30),
}

type OAuthFields = typeof oauthShape
/** The fields by name, so the options' declaration file prints `OAuthShape` and keeps their JSDoc. @public */
export interface OAuthShape extends OAuthFields {}

/** The host as an OAuth 2.1 authorization server for hosted connectors (docs/oauth.md). */
export const oauthOptions: StrictGroup<OAuthShape> = z.strictObject(oauthShape)

export type ResolvedOAuthOptions = z.output<typeof oauthOptions>
