import type { HostRole } from '../schema/roles.ts'
import type { Operation } from './registry/define-operation.ts'

/** Capability name → host roles that hold it. */
export type CapabilityMap = Record<string, readonly HostRole[]>

export type RateLimitOptions = {
  /** Requests allowed per key in each window. @default 600 */
  points?: number
  /** Window length in seconds. @default 60 */
  durationSeconds?: number
}

export type ControlPlaneOptions = {
  /** The host's REST root; the namespace mounts at `{restRoot}/svc/v1`. @default '/api' */
  restRoot?: string
  /** Which host roles hold each capability. @default { manage_options: ['administrator'] } */
  capabilities?: CapabilityMap
  /** Highest CRM slot number (`SVC_MAX_CRM_SYSTEMS`). @default 10 */
  maxCrmSystems?: number
  /** Per-key (per-account for sessions) request limit, or `false` to turn it off. @default { points: 600, durationSeconds: 60 } */
  rateLimit?: RateLimitOptions | false
  /** Largest accepted request body, in bytes. @default 1048576 */
  maxBodyBytes?: number
  /** Operations the host adds; they appear in the manifest and dispatch like built-ins. @default [] */
  operations?: readonly Operation[]
  /**
   * 32-byte key for secrets at rest, as 64 hex characters or base64.
   * When absent, a development key is generated once under `var/` with a warning.
   * @default process.env.SVC_ENCRYPTION_KEY
   */
  encryptionKey?: string
  /** Where development keys and other local state live. @default 'var' */
  varDir?: string
  /** Public address of the site, used in links such as team members' personal pages (`SITE_URL`). @default 'http://localhost:3000' */
  siteUrl?: string
  /**
   * SMTP server for outgoing e-mail, e.g. `smtp://user:pass@mail.example.com:587` or `smtps://…` (`SMTP_URL`).
   * When absent, messages are written as `.eml` files to `outboxDir` instead of being sent.
   * @default undefined
   */
  smtpUrl?: string
  /** Where messages go when no `smtpUrl` is set. @default `${varDir}/outbox` */
  outboxDir?: string
  /** Sender of outgoing e-mail (`SVC_MAIL_FROM`). @default `no-reply@<siteUrl host>` */
  mailFrom?: string
  /** The clock for time-based rules such as the welcome e-mail window; tests move it instead of sleeping. @default () => new Date() */
  now?: () => Date
}

export type ResolvedOptions = {
  restRoot: string
  basePath: string
  capabilities: CapabilityMap
  maxCrmSystems: number
  rateLimit: Required<RateLimitOptions> | false
  maxBodyBytes: number
  operations: readonly Operation[]
  encryptionKey: string | undefined
  varDir: string
  siteUrl: string
  smtpUrl: string | undefined
  outboxDir: string
  mailFrom: string
  now: () => Date
}

export const MAX_SLOT = 999

function absoluteSiteUrl (value: string): string {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new Error(`siteUrl must be an absolute http(s) URL, got "${value}"`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`siteUrl must be an http(s) URL, got "${value}"`)
  return url.href.replace(/\/+$/, '')
}

export function resolveOptions (options: ControlPlaneOptions = {}): ResolvedOptions {
  const restRoot = (options.restRoot ?? '/api').replace(/\/+$/, '')
  const maxCrmSystems = options.maxCrmSystems ?? 10
  if (!Number.isInteger(maxCrmSystems) || maxCrmSystems < 1 || maxCrmSystems > MAX_SLOT) {
    throw new Error(`maxCrmSystems must be an integer from 1 to ${MAX_SLOT}, got ${maxCrmSystems}`)
  }
  const varDir = options.varDir ?? 'var'
  const siteUrl = absoluteSiteUrl(options.siteUrl ?? 'http://localhost:3000')
  return {
    restRoot,
    basePath: `${restRoot}/svc/v1`,
    capabilities: options.capabilities ?? { manage_options: ['administrator'] },
    maxCrmSystems,
    rateLimit: options.rateLimit === false
      ? false
      : { points: options.rateLimit?.points ?? 600, durationSeconds: options.rateLimit?.durationSeconds ?? 60 },
    maxBodyBytes: options.maxBodyBytes ?? 1024 * 1024,
    operations: options.operations ?? [],
    encryptionKey: options.encryptionKey ?? process.env.SVC_ENCRYPTION_KEY,
    varDir,
    siteUrl,
    smtpUrl: options.smtpUrl || undefined,
    outboxDir: options.outboxDir ?? `${varDir}/outbox`,
    mailFrom: options.mailFrom ?? `no-reply@${new URL(siteUrl).hostname}`,
    now: options.now ?? (() => new Date()),
  }
}
