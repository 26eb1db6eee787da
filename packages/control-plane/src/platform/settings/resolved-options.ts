import type { ListWrites } from '../db/write-observer.ts'
import type { AdapterHandle } from '../db/adapter-handle.ts'
import type { OutboxWorkerOptions } from '../outbox/worker.ts'
import type { JobWorkerOptions } from '../jobs/worker.ts'
import type { ResolvedRetention } from '../retention/retention-options.ts'
import type { DatabaseProvider } from '../db/database-url.ts'
import type { AnyStageDefinition } from '../html/stage.ts'
import type { OutboundGuard } from '../outgoing-http/outbound-guard.ts'
import type { ClientAddressOf } from '../http/client-address.ts'
import type { ResolvedRateLimit } from './rate-limit-setting.ts'
import type { ResolvedHost } from '../host-contract/host-options.ts'
import type { SealedColumn } from '../secrets/sealed-column.ts'
import type { CapabilityMap } from '../auth/capabilities.ts'
import type { ResolvedOAuthOptions } from '../oauth/oauth-options.ts'
import type { z } from 'zod'
import type { httpOptions, mailOptions, securityOptions } from './core-groups.ts'

type HttpSettings = z.output<typeof httpOptions>
type SecuritySettings = z.output<typeof securityOptions>
type MailSettings = z.output<typeof mailOptions>

/**
 * The options as the control plane runs with them: what the host gave (`ControlPlaneOptions`) over
 * the environment and the defaults — the groups' fields as their schemas output them — with what
 * the host's Keystone config and the installed resources add. Resources read it in `lists`, `extendHostLists` and `settings.of(options)`;
 * handlers as `context.options`.
 */
export type ResolvedOptions = Pick<HttpSettings, 'restRoot' | 'maxBodyBytes' | 'siteUrl' | 'mcpAllowedHosts'>
  & Pick<SecuritySettings, 'encryptionKey' | 'apiKeys'>
  & Pick<MailSettings, 'smtpUrl'>
  & {
    host: ResolvedHost
    /** Where the namespace is mounted: `{restRoot}/svc/v1`. */
    basePath: string
    /** Which host roles hold each capability: the resources' maps, then the host's `security.capabilities`, over `manage_options: ['administrator']`. */
    capabilities: CapabilityMap
    rateLimit: ResolvedRateLimit
    /** The stage types the resources declare (the pipelines' built-ins among them); the host's own are the pipelines resource's settings. */
    stages: readonly AnyStageDefinition[]
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
    /** The `clock` option. */
    now: () => Date
    outbox: Omit<OutboxWorkerOptions, 'now' | 'log'> | false
    /** The job worker's pace, or false when this process runs none. */
    jobs: JobWorkerOptions | false
    /** Every retention rule (the core's, then each resource's) with its days, and the pruner's pace. */
    retention: ResolvedRetention
    /** The `changeSets` option: whether calls record what they change with their audit entries. */
    changeSets: boolean
    /** `mail.emlDir`, by default `{varDir}/mail`. */
    emlDir: string
    /** `mail.from`, by default `no-reply@{siteUrl host}`. */
    mailFrom: string
    /** Every server-side HTTP request goes through this: `security.outboundAllow` made a guard. */
    outbound: OutboundGuard
    /** The address a per-client limit counts for a request: `http.trustProxy` made a resolver. */
    clientAddress: ClientAddressOf
    /** Each installed resource's parsed settings, by resource name; read with its `settings.of(options)`. */
    resourceSettings: ReadonlyMap<string, unknown>
  }
