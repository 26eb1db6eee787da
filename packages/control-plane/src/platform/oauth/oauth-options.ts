import { z } from 'zod'
import type { StrictGroup } from '../settings/strict-group.ts'
import { rateLimitSetting } from '../settings/rate-limit-setting.ts'

/** Shorter than this, an initial access token could be guessed by the registrations it lets a caller try. */
const MIN_REGISTRATION_TOKEN_LENGTH = 32

const oauthShape = {
  /**
   * Whether clients may register themselves at `/oauth/register` (RFC 7591)
   * (`SVC_OAUTH_DYNAMIC_REGISTRATION`). Off, a connector names itself by its Client ID Metadata
   * Document; on, each registration must present `registrationToken` as a bearer token.
   * @default false
   */
  dynamicRegistration: z.boolean().default(false),
  /**
   * The initial access token (RFC 7591 §3) a registration must send as `Authorization: Bearer …`
   * when `dynamicRegistration` is on, at least 32 characters (`SVC_OAUTH_REGISTRATION_TOKEN`).
   * Give it to the connectors you choose; without it, registration cannot be switched on.
   * @default undefined
   */
  registrationToken: z.string().min(MIN_REGISTRATION_TOKEN_LENGTH, `must be at least ${MIN_REGISTRATION_TOKEN_LENGTH} characters`).optional(),
  /**
   * Whether a client may name itself by an https URL serving its Client ID Metadata Document,
   * fetched through the anonymous outbound guard (`SVC_OAUTH_CLIENT_ID_METADATA_DOCUMENTS`). @default true
   */
  clientIdMetadataDocuments: z.boolean().default(true),
  /**
   * Hosts and ranges a Client ID Metadata Document may be fetched from although they are not
   * public (`SVC_OAUTH_METADATA_DOCUMENT_ALLOW`). Apart from `security.outboundAllow` on purpose:
   * any anonymous caller chooses these URLs; meant for a lab or a test, never for production.
   * @default []
   */
  metadataDocumentAllow: z.array(z.string()).readonly().default([]),
  /** Lifetime of an access token, in minutes (`SVC_OAUTH_ACCESS_TOKEN_MINUTES`). @default 10 */
  accessTokenMinutes: z.number().int().min(1).max(1440).default(10),
  /** Lifetime of a refresh token, in days (`SVC_OAUTH_REFRESH_TOKEN_DAYS`). @default 30 */
  refreshTokenDays: z.number().int().min(1).max(365).default(30),
  /**
   * Requests to `/oauth/*` per client address in each window, or `false` to turn the limit off
   * (`SVC_OAUTH_RATE_LIMIT_PER_MINUTE` sets `points`).
   * @default { points: 60, durationSeconds: 60, store: 'database' }
   */
  rateLimit: rateLimitSetting({ points: 60, durationSeconds: 60, store: 'database' }),
}

type OAuthFields = typeof oauthShape
/** The fields by name, so the options' declaration file prints `OAuthShape` and keeps their JSDoc. @public */
export interface OAuthShape extends OAuthFields {}

/** The host as an OAuth 2.1 authorization server for hosted connectors (docs/oauth.md). */
export const oauthOptions: StrictGroup<OAuthShape> = z.strictObject(oauthShape)
  .refine(options => !options.dynamicRegistration || options.registrationToken !== undefined, {
    path: ['registrationToken'],
    message: 'dynamic registration takes an initial access token: set registrationToken (SVC_OAUTH_REGISTRATION_TOKEN), or leave dynamicRegistration off',
  })

export type ResolvedOAuthOptions = z.output<typeof oauthOptions>
