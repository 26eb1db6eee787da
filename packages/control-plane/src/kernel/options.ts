import type { OutboxWorkerOptions } from '../platform/outbox/worker.ts'
import type { JobWorkerOptions } from '../platform/jobs/worker.ts'
import { resolveRetention, type RetentionOptions } from '../platform/retention/retention-options.ts'
import { CORE_RETENTION_RULES } from '../platform/retention/core-rules.ts'
import type { AnyStageDefinition } from '../platform/html/stage.ts'
import { createOutboundGuard } from '../platform/outgoing-http/outbound-guard.ts'
import { z } from 'zod'
import { clientAddressResolver, parseTrustProxy } from '../platform/http/client-address.ts'
import { booleanEnv, describeIssues, integerEnv, listEnv, stringEnv, type Env } from '../platform/settings/env-values.ts'
import { overEnvironment, type GroupEnvironment } from '../platform/settings/group-environment.ts'
import { rateLimitSetting, type RateLimitOptions } from '../platform/settings/rate-limit-setting.ts'
import { resolveHost, type HostOptions } from '../platform/host-contract/host-options.ts'
import type { AccountsListFacts } from '../platform/host-contract/accounts.ts'
import type { HostSchema } from '../platform/host-contract/content.ts'
import type { CapabilityMap } from '../platform/auth/capabilities.ts'
import { oauthOptions } from '../platform/oauth/oauth-options.ts'
import { OAUTH_PAYLOAD } from '../platform/oauth/adapter.ts'
import { IDEMPOTENT_RESPONSE } from '../platform/idempotency/sealed-response.ts'
import { resolveSettings } from '../platform/settings/define-settings.ts'
import type { ResolvedOptions } from '../platform/settings/resolved-options.ts'
import type { StrictGroup } from '../platform/settings/strict-group.ts'
import { httpOptions, mailOptions, securityOptions } from '../platform/settings/core-groups.ts'
import type { Resource } from './define-resource.ts'
import type { Operation } from './registry/define-operation.ts'

/** What the plugin learns from the host's Keystone config rather than from its options. */
export type HostFacts = Pick<ResolvedOptions, 'databaseProvider'> & Partial<Pick<ResolvedOptions, 'credentialWrites' | 'hostAdapter'>> & {
  accountsList?: AccountsListFacts
  /** The host's lists and default id field, which the posts list and its field map are checked against. */
  schema?: HostSchema | undefined
}

const fn = <T extends (...args: never[]) => unknown>(what: string) => z.custom<T>(value => typeof value === 'function', `${what} must be a function`)
const object = <T>(what: string) => z.custom<T>(value => typeof value === 'object' && value !== null, `${what} must be an object`)
const controlPlaneShape = {
  /** The host's lists the control plane reads and writes: its accounts and its posts. @default { accounts: { list: 'User' }, content: { list: 'Post' } } */
  host: object<HostOptions>('host').optional(),
  /** Where the namespace is served and whom it believes about addresses and hosts. @default each field's default */
  http: httpOptions.prefault({}),
  /** Capabilities, keys for secrets at rest, reachable internal addresses, API key limits. @default each field's default */
  security: securityOptions.prefault({}),
  /**
   * Per-key (per-account for sessions) request limit, or `false` to turn it off
   * (`SVC_RATE_LIMIT_PER_MINUTE` sets `points`).
   * @default { points: 600, durationSeconds: 60, store: 'memory' on SQLite, 'database' on PostgreSQL }
   */
  rateLimit: z.custom<RateLimitOptions | false>().optional(),
  /** The clock every operation reads; tests move time with it instead of sleeping. @default () => new Date() */
  clock: fn<() => Date>('clock').default(() => () => new Date()),
  /** Delivery of outbox messages (forwarding, pushes to other systems), or `false` to not run a worker in this process. @default {} */
  outbox: z.union([z.literal(false), object<Omit<OutboxWorkerOptions, 'now' | 'log'>>('outbox')]).default({}),
  /**
   * The worker of long jobs (`pipelines.run_batch`, `jobs.list`), or `false` to not run one in this
   * process (`SVC_JOBS_BATCH_SIZE`, `SVC_JOBS_LEASE_MS`, `SVC_JOBS_POLL_MS` set its fields).
   * @default {}
   */
  jobs: z.union([z.literal(false), object<JobWorkerOptions>('jobs')]).default({}),
  /** Outgoing e-mail: sent over SMTP, or written as `.eml` files without a server. @default each field's default */
  mail: mailOptions.prefault({}),
  /** OAuth 2.1 sign-in for connectors, beside API keys. @default each field's default */
  oauth: oauthOptions.prefault({}),
  /**
   * Whether each call that writes records its change set with its audit entry (every row it wrote,
   * before and after, secrets sealed), which `audit.get` shows and `audit.revert` undoes. Off, a
   * write costs no read before an update and entries keep no changes; previews still show theirs.
   * @default true
   */
  changeSets: z.boolean().default(true),
  /** How long audit entries, outbox messages and each resource's records are kept, and how the rest is pruned. @default each rule's days, pruned hourly */
  retention: object<RetentionOptions>('retention').optional(),
  /** Where development keys and other local state live (`SVC_VAR_DIR`). @default 'var' */
  varDir: z.string().min(1).default('var'),
  /** Where environment variables are read from. @default process.env */
  env: z.custom<Env>().optional(),
  /** Resources the host adds, made with `defineResource`; they install exactly like the built-ins. @default [] */
  extensions: z.custom<readonly Resource[]>().optional(),
  /** One-off operations of the host's that belong to no resource of its own; they dispatch like built-ins. @default [] */
  operations: z.custom<readonly Operation[]>().optional(),
  /**
   * Built-in resources with settings of the host's, made with their factories (`crm({ maxSystems: 20 })`,
   * `leads({ publicOrigins: ['https://www.example.com'] })`); each replaces the built-in of its name.
   * @default [] (every built-in with its settings from the environment and its defaults)
   */
  builtins: z.custom<readonly Resource[]>().optional(),
}
const controlPlaneOptions: StrictGroup<typeof controlPlaneShape> = z.strictObject(controlPlaneShape)

/**
 * What a host passes to `withControlPlane(config, options)`: the core's settings, grouped, and the
 * resources to install. A built-in resource's own settings are given with its factory in
 * `builtins` (`crm({ maxSystems })`). Precedence for every setting: the value given here, then its
 * environment variable, then its default.
 */
export type ControlPlaneOptions = z.input<typeof controlPlaneOptions>

/**
 * The core's environment variables, group by group: each group's path in the options and its
 * variables, unset ones left out. A group given in part keeps the rest of its fields from here
 * (`overEnvironment`); a parent group comes before the groups inside it.
 */
const CORE_ENVIRONMENT: readonly GroupEnvironment[] = [
  { path: [], read: env => ({ varDir: stringEnv(env, 'SVC_VAR_DIR') }) },
  {
    path: ['http'],
    read: env => ({
      siteUrl: stringEnv(env, 'SITE_URL'),
      trustProxy: env.SVC_TRUST_PROXY?.trim() ? parseTrustProxy(env.SVC_TRUST_PROXY) : undefined,
      mcpAllowedHosts: listEnv(env, 'SVC_MCP_ALLOWED_HOSTS'),
    }),
  },
  {
    path: ['security'],
    read: env => ({
      encryptionKey: stringEnv(env, 'SVC_ENCRYPTION_KEYS') ?? stringEnv(env, 'SVC_ENCRYPTION_KEY'),
      outboundAllow: listEnv(env, 'SVC_OUTBOUND_ALLOW'),
    }),
  },
  {
    path: ['security', 'apiKeys'],
    read: env => ({
      maxExpiryDays: integerEnv(env, 'SVC_API_KEY_MAX_EXPIRY_DAYS'),
      allowNoExpiry: booleanEnv(env, 'SVC_API_KEY_ALLOW_NO_EXPIRY'),
      maxChildren: integerEnv(env, 'SVC_API_KEY_MAX_CHILDREN'),
    }),
  },
  {
    path: ['oauth'],
    read: env => ({
      dynamicRegistration: booleanEnv(env, 'SVC_OAUTH_DYNAMIC_REGISTRATION'),
      registrationToken: stringEnv(env, 'SVC_OAUTH_REGISTRATION_TOKEN'),
      metadataDocumentAllow: listEnv(env, 'SVC_OAUTH_METADATA_DOCUMENT_ALLOW'),
      clientIdMetadataDocuments: booleanEnv(env, 'SVC_OAUTH_CLIENT_ID_METADATA_DOCUMENTS'),
      accessTokenMinutes: integerEnv(env, 'SVC_OAUTH_ACCESS_TOKEN_MINUTES'),
      refreshTokenDays: integerEnv(env, 'SVC_OAUTH_REFRESH_TOKEN_DAYS'),
    }),
  },
  { path: ['oauth', 'rateLimit'], read: env => ({ points: integerEnv(env, 'SVC_OAUTH_RATE_LIMIT_PER_MINUTE') }) },
  { path: ['mail'], read: env => ({ smtpUrl: stringEnv(env, 'SMTP_URL'), from: stringEnv(env, 'SVC_MAIL_FROM') }) },
  {
    path: ['jobs'],
    read: env => ({ batchSize: integerEnv(env, 'SVC_JOBS_BATCH_SIZE'), leaseMs: integerEnv(env, 'SVC_JOBS_LEASE_MS'), pollMs: integerEnv(env, 'SVC_JOBS_POLL_MS') }),
  },
  { path: ['rateLimit'], read: env => ({ points: integerEnv(env, 'SVC_RATE_LIMIT_PER_MINUTE') }) },
]

/**
 * The options as the control plane runs with them, validated at startup (a wrong value stops it
 * with the option's path), with what the host's config and the installed resources add.
 */
export function resolveOptions (
  options: ControlPlaneOptions = {},
  host: HostFacts = { databaseProvider: 'sqlite' },
  resources: readonly Resource[] = [],
): ResolvedOptions {
  const env = options.env ?? process.env
  const parsed = controlPlaneOptions.safeParse(overEnvironment(options, CORE_ENVIRONMENT, env))
  if (!parsed.success) throw new Error(`control plane options: ${describeIssues(parsed.error)}`)
  const settings = parsed.data
  const rateLimit = rateLimitSetting({ points: 600, durationSeconds: 60, store: host.databaseProvider === 'postgresql' ? 'database' : 'memory' })
    .safeParse(settings.rateLimit)
  if (!rateLimit.success) throw new Error(`control plane options: rateLimit: ${describeIssues(rateLimit.error)}`)
  const { http, security, mail, varDir } = settings
  return {
    host: resolveHost(settings.host, host.accountsList, host.schema),
    restRoot: http.restRoot,
    basePath: `${http.restRoot}/svc/v1`,
    capabilities: [...resources.map(resource => resource.capabilities), security.capabilities]
      .reduce<CapabilityMap>((merged, capabilities) => ({ ...merged, ...capabilities }), { manage_options: ['administrator'] }),
    rateLimit: rateLimit.data,
    maxBodyBytes: http.maxBodyBytes,
    stages: uniqueStages(resources.flatMap(resource => resource.stages)),
    encryptionKey: security.encryptionKey,
    apiKeys: security.apiKeys,
    oauth: settings.oauth,
    sealedColumns: [OAUTH_PAYLOAD, IDEMPOTENT_RESPONSE, ...resources.flatMap(resource => resource.sealedColumns)],
    varDir,
    databaseProvider: host.databaseProvider,
    credentialWrites: host.credentialWrites ?? null,
    hostAdapter: host.hostAdapter ?? null,
    now: settings.clock,
    outbox: settings.outbox,
    jobs: settings.jobs,
    retention: resolveRetention(settings.retention, [...CORE_RETENTION_RULES, ...resources.flatMap(resource => resource.retention)], env),
    changeSets: settings.changeSets,
    siteUrl: http.siteUrl,
    smtpUrl: mail.smtpUrl || undefined,
    emlDir: mail.emlDir ?? `${varDir}/mail`,
    mailFrom: mail.from ?? `no-reply@${new URL(http.siteUrl).hostname}`,
    outbound: createOutboundGuard(security.outboundAllow),
    clientAddress: clientAddressResolver(http.trustProxy),
    mcpAllowedHosts: http.mcpAllowedHosts,
    resourceSettings: new Map(resources.flatMap(resource => resource.settings ? [[resource.name, resolveSettings(resource.settings, resource.settingsInput, env)] as const] : [])),
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
