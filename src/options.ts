import type { HostRole } from '../schema/roles.ts'
import type { Operation } from './registry/define-operation.ts'
import type { OutboxWorkerOptions } from './outbox/worker.ts'

/** Capability name → host roles that hold it. */
export type CapabilityMap = Record<string, readonly HostRole[]>

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
  /** The clock every operation reads; tests move time with it instead of sleeping. @default () => new Date() */
  now?: () => Date
  /** Delivery of outbox messages (forwarding, pushes to other systems), or `false` to not run a worker in this process. @default {} */
  outbox?: Omit<OutboxWorkerOptions, 'now' | 'log'> | false
  /** How long `ai.test` waits for the provider's model list, in milliseconds. @default 10000 */
  aiTestTimeoutMs?: number
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
  now: () => Date
  outbox: Omit<OutboxWorkerOptions, 'now' | 'log'> | false
  aiTestTimeoutMs: number
}

export const MAX_SLOT = 999

export function resolveOptions (options: ControlPlaneOptions = {}): ResolvedOptions {
  const restRoot = (options.restRoot ?? '/api').replace(/\/+$/, '')
  const maxCrmSystems = options.maxCrmSystems ?? 10
  if (!Number.isInteger(maxCrmSystems) || maxCrmSystems < 1 || maxCrmSystems > MAX_SLOT) {
    throw new Error(`maxCrmSystems must be an integer from 1 to ${MAX_SLOT}, got ${maxCrmSystems}`)
  }
  const aiTestTimeoutMs = options.aiTestTimeoutMs ?? 10_000
  if (!Number.isInteger(aiTestTimeoutMs) || aiTestTimeoutMs < 1) throw new Error(`aiTestTimeoutMs must be a positive integer, got ${aiTestTimeoutMs}`)
  return {
    restRoot,
    basePath: `${restRoot}/svc/v1`,
    capabilities: options.capabilities ?? { manage_options: ['administrator'] },
    maxCrmSystems,
    rateLimit: options.rateLimit === false
      ? false
      : {
          points: options.rateLimit?.points ?? 600,
          durationSeconds: options.rateLimit?.durationSeconds ?? 60,
          store: options.rateLimit?.store ?? 'memory',
        },
    maxBodyBytes: options.maxBodyBytes ?? 1024 * 1024,
    operations: options.operations ?? [],
    encryptionKey: options.encryptionKey ?? process.env.SVC_ENCRYPTION_KEY,
    varDir: options.varDir ?? 'var',
    now: options.now ?? (() => new Date()),
    outbox: options.outbox ?? {},
    aiTestTimeoutMs,
  }
}
