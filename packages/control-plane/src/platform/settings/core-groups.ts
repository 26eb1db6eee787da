import { z } from 'zod'
import { apiKeyOptions } from '../auth/api-key-options.ts'
import type { StrictGroup } from './strict-group.ts'

// The core's groups of options. A host writes their `z.input` (`HttpOptions`, …); the control
// plane reads their `z.output`, through `ResolvedOptions`.

const hostname = z.string().transform((value, ctx) => {
  const url = URL.canParse(`http://${value}`) ? new URL(`http://${value}`) : null
  if (url && url.hostname === value.toLowerCase()) return url.hostname
  ctx.addIssue({ code: 'custom', message: `"${value}" is not a host name like cms.example.com (no scheme, no port)` })
  return z.NEVER
})
const siteUrl = z.string().transform((value, ctx) => {
  const url = URL.canParse(value) ? new URL(value) : null
  if (url && /^https?:$/.test(url.protocol)) return url.href.replace(/\/+$/, '')
  ctx.addIssue({ code: 'custom', message: `must be an absolute http(s) URL, got "${value}"` })
  return z.NEVER
})

const httpShape = {
  /** The host's REST root; the namespace mounts at `{restRoot}/svc/v1`. @default '/api' */
  restRoot: z.string().default('/api').transform(root => root.replace(/\/+$/, '')),
  /** Largest accepted request body, in bytes. @default 1048576 */
  maxBodyBytes: z.number().int().positive().default(1024 * 1024),
  /** Public address of the site, used in links such as team members' personal pages (`SITE_URL`). @default 'http://localhost:3000' */
  siteUrl: siteUrl.default('http://localhost:3000'),
  /**
   * Which proxies are believed about the client address that per-client limits count
   * (`SVC_TRUST_PROXY`): a hop count, or the proxies' addresses and CIDR ranges. IPv6 clients are
   * counted per /64.
   * @default 0 (the connecting address; forwarded headers are ignored)
   */
  trustProxy: z.union([z.number(), z.array(z.string()).readonly()]).default(0),
  /**
   * Host names (no scheme, no port) the MCP endpoint answers to besides the `siteUrl` host and
   * loopback: requests naming any other in `Host`, or in a browser's `Origin`, are refused, against
   * DNS rebinding (`SVC_MCP_ALLOWED_HOSTS`, comma-separated).
   * @default []
   */
  mcpAllowedHosts: z.array(hostname).readonly().default([]),
}
export const httpOptions: StrictGroup<typeof httpShape> = z.strictObject(httpShape)

/** Where the namespace is served and whom it believes about addresses and hosts. */
export type HttpOptions = z.input<typeof httpOptions>

const securityShape = {
  /** Which host roles (as `host.accounts.roleOf` names them) hold each capability; merged over the default. @default { manage_options: ['administrator'] } */
  capabilities: z.record(z.string(), z.array(z.string()).readonly()).default({}),
  /**
   * Keys for secrets at rest, comma-separated, each 32 bytes as 64 hex characters or base64
   * (`SVC_ENCRYPTION_KEYS`, or the single `SVC_ENCRYPTION_KEY`). New secrets are sealed with the
   * first; the others still open what they sealed until `rotate-encryption-key` re-seals it.
   * When absent, development generates a key once under `varDir` with a warning; production
   * refuses to start (see docs/security.md).
   * @default undefined
   */
  encryptionKey: z.string().optional(),
  /**
   * Hosts (`crm.internal`), IP addresses and CIDR ranges (`10.0.0.0/8`) that server-side requests
   * may reach although they are not public (`SVC_OUTBOUND_ALLOW`, comma-separated). Every other
   * loopback, private, link-local, CGNAT, multicast, unspecified or otherwise reserved address is
   * refused, checked on the address each connection dials.
   * @default []
   */
  outboundAllow: z.array(z.string()).readonly().default([]),
  /** Limits on API keys, so a leaked key's reach is bounded in time and in descendants. @default each limit's default */
  apiKeys: apiKeyOptions.prefault({}),
}
export const securityOptions: StrictGroup<typeof securityShape> = z.strictObject(securityShape)

/** Who may do what, how secrets are kept, and where server-side requests may go. */
export type SecurityOptions = z.input<typeof securityOptions>

const mailShape = {
  /**
   * SMTP server, e.g. `smtp://user:pass@mail.example.com:587` or `smtps://…` (`SMTP_URL`).
   * When absent, messages are written as `.eml` files to `emlDir` instead of being sent.
   * @default undefined
   */
  smtpUrl: z.string().optional(),
  /** Sender address (`SVC_MAIL_FROM`). @default `no-reply@<siteUrl host>` */
  from: z.string().optional(),
  /**
   * The folder unsent messages are written to, one `.eml` file each, when no `smtpUrl` is set
   * (not the `outbox` option, which is the database queue of outbound calls).
   * @default `${varDir}/mail`
   */
  emlDir: z.string().optional(),
}
export const mailOptions: StrictGroup<typeof mailShape> = z.strictObject(mailShape)

/** Outgoing e-mail. */
export type MailOptions = z.input<typeof mailOptions>

