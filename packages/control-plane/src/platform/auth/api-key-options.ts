import { z } from 'zod'
import type { StrictGroup } from '../settings/strict-group.ts'

const apiKeyShape = {
  /** Longest lifetime a new key may have, in days (`SVC_API_KEY_MAX_EXPIRY_DAYS`); also the lifetime of a key minted without one. @default 90 */
  maxExpiryDays: z.number().int().min(1).max(36500).default(90),
  /** Whether a key may be minted with `expires_in_days: null`, never to expire (`SVC_API_KEY_ALLOW_NO_EXPIRY`). @default false */
  allowNoExpiry: z.boolean().default(false),
  /** Live keys one key may have minted at a time (`SVC_API_KEY_MAX_CHILDREN`). @default 10 */
  maxChildren: z.number().int().min(0).default(10),
}

type ApiKeyFields = typeof apiKeyShape
/** The fields by name, so the options' declaration file prints `ApiKeyShape` and keeps their JSDoc. @public */
export interface ApiKeyShape extends ApiKeyFields {}

/** Limits on API keys, so a leaked key's reach is bounded in time and in descendants. */
export const apiKeyOptions: StrictGroup<ApiKeyShape> = z.strictObject(apiKeyShape)

export type ResolvedApiKeyOptions = z.output<typeof apiKeyOptions>
