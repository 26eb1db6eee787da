import { resolveDatabase } from 'keystone-svc-control-plane/database'

/** `npm start` serves in production unless NODE_ENV says otherwise; `npm run dev` in development. */
export const isProduction = (env: NodeJS.ProcessEnv = process.env): boolean => env.NODE_ENV === 'production'

/** Secrets every instance on one database must share; generated per machine, they would differ. */
const SHARED_SECRETS = ['SESSION_SECRET', 'SVC_ENCRYPTION_KEY'] as const

/**
 * In production on PostgreSQL (several instances) the shared secrets must come from the
 * environment: one instance could not open another's session cookies or sealed secrets. The
 * SQLite default is one process, so it keeps generating development values under `var/`.
 */
export function missingSharedSecret (env: NodeJS.ProcessEnv = process.env): string | null {
  if (!isProduction(env) || resolveDatabase(env.DATABASE_URL ?? '').provider !== 'postgresql') return null
  const missing = SHARED_SECRETS.find(name => !env[name]?.trim())
  return missing
    ? `${missing} is not set. In production with a PostgreSQL DATABASE_URL every instance must use the same ${missing}: ` +
      'set it in the environment of each one.'
    : null
}

/** The session cookie is `Secure` when the site is served over https. */
export const servedOverHttps = (env: NodeJS.ProcessEnv = process.env): boolean => /^https:/i.test(env.SITE_URL?.trim() ?? '')

/**
 * Whether the session cookie is `Secure`. In production it is, unless the site says it runs on
 * plain HTTP: `SVC_ALLOW_INSECURE_COOKIES=1`, or a `SITE_URL` that is `http://`. With no
 * `SITE_URL` (a fresh clone's `npm start` on http://localhost) it stays `Secure`: browsers take
 * Secure cookies from localhost. In development it follows `SITE_URL`'s scheme.
 */
export function sessionCookieSecure (env: NodeJS.ProcessEnv = process.env): boolean {
  if (/^(1|true|yes)$/i.test(env.SVC_ALLOW_INSECURE_COOKIES?.trim() ?? '')) return false
  if (servedOverHttps(env)) return true
  return isProduction(env) && !/^http:/i.test(env.SITE_URL?.trim() ?? '')
}
