import type { TableWrites } from './db/write-observer.ts'
import type { AdapterHandle } from './db/adapter-handle.ts'
import type { OutboxWorkerOptions } from './outbox/worker.ts'
import type { DatabaseProvider } from './db/database-url.ts'
import type { Tx } from './db/client.ts'
import type { AnyStageDefinition } from './content/stage.ts'
import { createOutboundGuard, type OutboundGuard } from './outbound/outbound-guard.ts'
import { clientAddressResolver, type ClientAddressOf, type TrustProxy } from './http/client-address.ts'
import { resolveHost, type HostOptions, type ResolvedHost } from './host-contract/host-options.ts'
import type { AccountsListFacts } from './host-contract/accounts.ts'

/** Capability name → host roles that hold it. */
export type CapabilityMap = Record<string, readonly string[]>

/**
 * Finds the team member a content delivery names as its author (by work e-mail or by name) and
 * returns their slot number, or null. Runs inside the ingest transaction, on its client.
 */
export type AuthorResolver = (query: { by: 'email' | 'name', value: string }, db: Tx) => Promise<number | null>

export type RateLimitOptions = {
  /** Requests allowed per key in each window. @default 600 */
  points?: number
  /** Window length in seconds. @default 60 */
  durationSeconds?: number
  /**
   * Where counters live: `memory` (one process) or `database` (shared by every instance on one
   * database; what a multi-instance PostgreSQL site needs).
   * @default 'memory'
   */
  store?: 'memory' | 'database'
}

/** The settings of the control plane; `ControlPlaneOptions` adds the operations and resources a host brings. */
export type ControlPlaneSettings = {
  /** The host's lists the control plane reads and writes: its accounts and its posts. @default { accounts: { list: 'User' }, content: { list: 'Post' } } */
  host?: HostOptions
  /** The host's REST root; the namespace mounts at `{restRoot}/svc/v1`. @default '/api' */
  restRoot?: string
  /** Which host roles hold each capability; merged over the default. @default { manage_options: ['administrator'] } */
  capabilities?: CapabilityMap
  /** Highest CRM slot number (`SVC_MAX_CRM_SYSTEMS`). @default 10 */
  maxCrmSystems?: number
  /** Per-key (per-account for sessions) request limit, or `false` to turn it off. @default { points: 600, durationSeconds: 60 } */
  rateLimit?: RateLimitOptions | false
  /** Largest accepted request body, in bytes. @default 1048576 */
  maxBodyBytes?: number
  /**
   * Pipeline stage types the host adds, made with `defineStage`. Recipes list them by `type` like
   * the built-ins (validated against their `options` schema when a recipe is saved), and
   * `pipelines.list_stages` describes them. A type may be registered once.
   * @default []
   */
  stages?: readonly AnyStageDefinition[]
  /**
   * 32-byte key for secrets at rest, as 64 hex characters or base64.
   * When absent, a development key is generated once under `var/` with a warning.
   * @default process.env.SVC_ENCRYPTION_KEY
   */
  encryptionKey?: string
  /** Where development keys and other local state live. @default 'var' */
  varDir?: string
  /** The clock every operation reads; tests move time with it instead of sleeping. @default () => new Date() */
  now?: () => Date
  /** Delivery of outbox messages (forwarding, pushes to other systems), or `false` to not run a worker in this process. @default {} */
  outbox?: Omit<OutboxWorkerOptions, 'now' | 'log'> | false
  /**
   * CRM slot (1–999) of the external contact system that local lead status changes are pushed to,
   * using the slot's `url` and `api_key` (`SVC_LEADS_CONTACT_CRM_NUM`). Unset: pushes wait in the
   * outbox, retried, until it is configured.
   * @default undefined
   */
  leadsContactCrmNum?: number
  /**
   * Browser origins (`https://www.example.com`) whose pages may post to the public lead form
   * endpoint, or `'*'` for any (`SVC_PUBLIC_LEAD_ORIGINS`, comma-separated). Requests from other
   * origins are refused; requests without an `Origin` header (server-side posts) are accepted.
   * @default []
   */
  publicLeadOrigins?: readonly string[]
  /** Public lead form submissions allowed per client IP in each window, or `false` to turn the limit off. @default { points: 30, durationSeconds: 3600 } */
  publicLeadRateLimit?: RateLimitOptions | false
  /**
   * Deliveries each content source accepts per window at its ingest endpoint, counted after the
   * sender is authenticated, or `false` to turn the limit off (`SVC_INGEST_RATE_LIMIT_PER_MINUTE`).
   * Beyond it a delivery answers 429 with `Retry-After` and is not stored.
   * @default { points: 120, durationSeconds: 60, store: 'database' }
   */
  ingestRateLimit?: RateLimitOptions | false
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
  /**
   * Matches a delivery's author to a team member for content sources with `author_match_mode`
   * `email` or `name`; no match gives the source's `default_author_id`.
   * @default the active team member with that work e-mail (any letter case) or that full name
   */
  resolveAuthor?: AuthorResolver
  /** How long `ai.test` waits for the provider's model list, in milliseconds. @default 10000 */
  aiTestTimeoutMs?: number
  /**
   * Hosts (`crm.internal`), IP addresses and CIDR ranges (`10.0.0.0/8`) that server-side requests
   * may reach although they are not public (`SVC_OUTBOUND_ALLOW`, comma-separated). Every other
   * loopback, private, link-local, CGNAT, multicast, unspecified or otherwise reserved address is
   * refused, checked on the address each connection dials.
   * @default []
   */
  outboundAllow?: readonly string[]
  /**
   * Which proxies are believed about the client address that the public form and sign-in limits
   * count (`SVC_TRUST_PROXY`): a hop count, or the proxies' addresses and CIDR ranges. IPv6
   * clients are counted per /64.
   * @default 0 (the connecting address; forwarded headers are ignored)
   */
  trustProxy?: TrustProxy
  /**
   * Host names (no scheme, no port) the MCP endpoint answers to besides the `siteUrl` host and
   * loopback (`localhost`, `127.0.0.1`, `[::1]`): requests naming any other in `Host`, or in a
   * browser's `Origin`, are refused, against DNS rebinding (`SVC_MCP_ALLOWED_HOSTS`, comma-separated).
   * @default []
   */
  mcpAllowedHosts?: readonly string[]
}

export type ResolvedOptions = {
  host: ResolvedHost
  restRoot: string
  basePath: string
  capabilities: CapabilityMap
  maxCrmSystems: number
  rateLimit: Required<RateLimitOptions> | false
  maxBodyBytes: number
  /** Every stage type recipes may use: those the resources declare (the built-ins among them) and the host's. */
  stages: readonly AnyStageDefinition[]
  encryptionKey: string | undefined
  varDir: string
  /** The host database's provider, taken from its Keystone config. */
  databaseProvider: DatabaseProvider
  /** This process's writes to API keys and accounts, when the plugin watches the host's Prisma adapter. */
  credentialWrites: TableWrites | null
  /** The host's Prisma driver adapter once connected, when the plugin could capture it. */
  hostAdapter: AdapterHandle | null
  now: () => Date
  outbox: Omit<OutboxWorkerOptions, 'now' | 'log'> | false
  leadsContactCrmNum: number | null
  publicLeadOrigins: readonly string[]
  publicLeadRateLimit: Required<RateLimitOptions> | false
  ingestRateLimit: Required<RateLimitOptions> | false
  siteUrl: string
  smtpUrl: string | undefined
  outboxDir: string
  mailFrom: string
  resolveAuthor: AuthorResolver | undefined
  aiTestTimeoutMs: number
  /** Every server-side HTTP request goes through this. */
  outbound: OutboundGuard
  /** The address a per-client limit counts for a request. */
  clientAddress: ClientAddressOf
  /** Host names the MCP endpoint answers to besides the site's and loopback, lower case. */
  mcpAllowedHosts: readonly string[]
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

/** What the plugin learns from the host's Keystone config rather than from its options. */
export type HostFacts = { databaseProvider: DatabaseProvider, credentialWrites?: TableWrites, hostAdapter?: AdapterHandle, accountsList?: AccountsListFacts }

/** What the installed resources add to the settings. */
export type ResourceSettings = { capabilities: readonly CapabilityMap[], stages: readonly AnyStageDefinition[] }

const NO_RESOURCE_SETTINGS: ResourceSettings = { capabilities: [], stages: [] }

export function resolveOptions (
  options: ControlPlaneSettings = {},
  host: HostFacts = { databaseProvider: 'sqlite' },
  resources: ResourceSettings = NO_RESOURCE_SETTINGS,
): ResolvedOptions {
  const restRoot = (options.restRoot ?? '/api').replace(/\/+$/, '')
  const maxCrmSystems = options.maxCrmSystems ?? 10
  if (!Number.isInteger(maxCrmSystems) || maxCrmSystems < 1 || maxCrmSystems > MAX_SLOT) {
    throw new Error(`maxCrmSystems must be an integer from 1 to ${MAX_SLOT}, got ${maxCrmSystems}`)
  }
  const varDir = options.varDir ?? 'var'
  const siteUrl = absoluteSiteUrl(options.siteUrl ?? 'http://localhost:3000')
  const aiTestTimeoutMs = options.aiTestTimeoutMs ?? 10_000
  if (!Number.isInteger(aiTestTimeoutMs) || aiTestTimeoutMs < 1) throw new Error(`aiTestTimeoutMs must be a positive integer, got ${aiTestTimeoutMs}`)
  return {
    host: resolveHost(options.host, host.accountsList),
    restRoot,
    basePath: `${restRoot}/svc/v1`,
    capabilities: Object.assign({ manage_options: ['administrator'] }, ...resources.capabilities, options.capabilities),
    maxCrmSystems,
    rateLimit: resolveRateLimit(options.rateLimit, { points: 600, durationSeconds: 60, store: 'memory' }),
    maxBodyBytes: options.maxBodyBytes ?? 1024 * 1024,
    stages: uniqueStages([...resources.stages, ...options.stages ?? []]),
    encryptionKey: options.encryptionKey ?? process.env.SVC_ENCRYPTION_KEY,
    varDir,
    databaseProvider: host.databaseProvider,
    credentialWrites: host.credentialWrites ?? null,
    hostAdapter: host.hostAdapter ?? null,
    now: options.now ?? (() => new Date()),
    outbox: options.outbox ?? {},
    leadsContactCrmNum: resolveSlotOption('leadsContactCrmNum', options.leadsContactCrmNum),
    publicLeadOrigins: (options.publicLeadOrigins ?? []).map(normalizeOrigin),
    publicLeadRateLimit: resolveRateLimit(options.publicLeadRateLimit, { points: 30, durationSeconds: 3600, store: 'database' }),
    ingestRateLimit: resolveRateLimit(options.ingestRateLimit, { points: 120, durationSeconds: 60, store: 'database' }),
    siteUrl,
    smtpUrl: options.smtpUrl || undefined,
    outboxDir: options.outboxDir ?? `${varDir}/outbox`,
    mailFrom: options.mailFrom ?? `no-reply@${new URL(siteUrl).hostname}`,
    resolveAuthor: options.resolveAuthor,
    aiTestTimeoutMs,
    outbound: createOutboundGuard(options.outboundAllow),
    clientAddress: clientAddressResolver(options.trustProxy),
    mcpAllowedHosts: (options.mcpAllowedHosts ?? []).map(normalizeHostname),
  }
}

function uniqueStages (stages: readonly AnyStageDefinition[]): readonly AnyStageDefinition[] {
  const types = new Set<string>()
  for (const stage of stages) {
    if (types.has(stage.type)) throw new Error(`stage type ${stage.type} is registered twice`)
    types.add(stage.type)
  }
  return stages
}

function resolveRateLimit (option: RateLimitOptions | false | undefined, defaults: Required<RateLimitOptions>): Required<RateLimitOptions> | false {
  if (option === false) return false
  return { points: option?.points ?? defaults.points, durationSeconds: option?.durationSeconds ?? defaults.durationSeconds, store: option?.store ?? defaults.store }
}

function resolveSlotOption (name: string, value: number | undefined): number | null {
  if (value === undefined) return null
  if (!Number.isInteger(value) || value < 1 || value > MAX_SLOT) throw new Error(`${name} must be a slot number from 1 to ${MAX_SLOT}, got ${value}`)
  return value
}

/** A bare host name as a `Host` header names it (IPv6 in brackets); `CMS.example.com` becomes `cms.example.com`. */
function normalizeHostname (value: string): string {
  const url = URL.canParse(`http://${value}`) ? new URL(`http://${value}`) : null
  if (!url || url.hostname !== value.toLowerCase()) {
    throw new Error(`mcpAllowedHosts: "${value}" is not a host name like cms.example.com (no scheme, no port)`)
  }
  return url.hostname
}

/** `'*'` or a bare origin; `https://Example.com/` becomes `https://example.com`. */
function normalizeOrigin (value: string): string {
  if (value === '*') return value
  const url = URL.canParse(value) ? new URL(value) : null
  if (!url || !/^https?:$/.test(url.protocol) || url.pathname !== '/' || url.search || url.hash || url.username) {
    throw new Error(`publicLeadOrigins: "${value}" is not an origin like https://www.example.com`)
  }
  return url.origin
}
