/**
 * What of `platform/auth` a door may use, and only through here (`npm run check:imports` holds
 * every other rule of `platform/auth` and `platform/audit` to the kernel): the types of who calls,
 * the same-site rule of a browser session's writes (the OAuth consent's own, which no operation
 * answers), and the per-subject limiter behind the OAuth endpoints' rate limit.
 */
export type { Account, Identity } from '../../platform/auth/identity.ts'
export { assertSameSite } from '../../platform/auth/authenticate.ts'
export { createSubjectLimiter } from '../../platform/auth/rate-limit.ts'
