import type { ListWrites } from '../db/write-observer.ts'
import type { AdapterHandle } from '../db/adapter-handle.ts'
import type { OutboxWorkerOptions } from '../outbox/worker.ts'
import type { ResolvedRetention } from '../retention/retention-options.ts'
import type { DatabaseProvider } from '../db/database-url.ts'
import type { AnyStageDefinition } from '../html/stage.ts'
import type { OutboundGuard } from '../outgoing-http/outbound-guard.ts'
import type { ClientAddressOf } from '../http/client-address.ts'
import type { ResolvedRateLimit } from './rate-limit-setting.ts'
import type { ResolvedHost } from '../host-contract/host-options.ts'
import type { SealedColumn } from '../secrets/sealed-column.ts'
import type { CapabilityMap } from '../auth/capabilities.ts'
import type { ResolvedApiKeyOptions } from '../auth/api-key-options.ts'
import type { ResolvedOAuthOptions } from '../oauth/oauth-options.ts'

/**
 * The options as the control plane runs with them: what the host gave (`ControlPlaneOptions`) over
 * the environment and the defaults, with what the host's Keystone config and the installed
 * resources add. Resources read it in `lists`, `extendHostLists` and `settings.of(options)`;
 * handlers as `context.options`.
 */
export type ResolvedOptions = {
  host: ResolvedHost
  restRoot: string
  basePath: string
  capabilities: CapabilityMap
  rateLimit: ResolvedRateLimit
  maxBodyBytes: number
  /** The stage types the resources declare (the pipelines' built-ins among them); the host's own are the pipelines resource's settings. */
  stages: readonly AnyStageDefinition[]
  encryptionKey: string | undefined
  apiKeys: ResolvedApiKeyOptions
  oauth: ResolvedOAuthOptions
  /** Every column of the control plane's lists that holds sealed secrets. */
  sealedColumns: readonly SealedColumn[]
  varDir: string
  /** The host database's provider, taken from its Keystone config. */
  databaseProvider: DatabaseProvider
  /** This process's writes to API keys and accounts, when the plugin watches the host's Prisma adapter. */
  credentialWrites: ListWrites | null
  /** The host's Prisma driver adapter once connected, when the plugin could capture it. */
  hostAdapter: AdapterHandle | null
  now: () => Date
  outbox: Omit<OutboxWorkerOptions, 'now' | 'log'> | false
  /** Every retention rule (the core's, then each resource's) with its days, and the pruner's pace. */
  retention: ResolvedRetention
  siteUrl: string
  smtpUrl: string | undefined
  emlDir: string
  mailFrom: string
  /** Every server-side HTTP request goes through this. */
  outbound: OutboundGuard
  /** The address a per-client limit counts for a request. */
  clientAddress: ClientAddressOf
  /** Host names the MCP endpoint answers to besides the site's and loopback, lower case. */
  mcpAllowedHosts: readonly string[]
  /** Each installed resource's parsed settings, by resource name; read with its `settings.of(options)`. */
  resourceSettings: ReadonlyMap<string, unknown>
}
