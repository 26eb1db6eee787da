import type { Account, Identity } from '../auth/identity.ts'
import { redactSecrets } from '../lib/redact.ts'
import { jsonDepth } from '../lib/json-value.ts'
import { storableText } from '../lib/input-boundary.ts'
import type { ChangeSet } from '../change-sets/change.ts'

/** What an entry records of the caller: the account and the credential, not what the credential may do. */
type AuditedIdentity = Pick<Identity, 'mode' | 'keyId' | 'clientId'> & { account: Pick<Account, 'id' | 'email'> }

export type AuditRecord = {
  operation: string
  /** The channel of the door the call came in by, as the door registered it (`DoorKind`). */
  channel: string
  /** The MCP tool name, when the call came in as a tool. */
  tool?: string | undefined
  /** Null for a refusal before any account was identified. */
  identity: AuditedIdentity | null
  /** The API key named by a refused call that has no identity, when one could be parsed. */
  keyId?: string | null | undefined
  ok: boolean
  changed: boolean
  code: string | null
  durationMs: number
  params: unknown
  /** The response's Request-Id. */
  requestId?: string | null | undefined
  /** The W3C trace id of the call. */
  traceId?: string | null | undefined
  /** What the call changed, for an operation that writes (`recordChanges`); null when it changed nothing. */
  changeSet?: ChangeSet | null | undefined
}

/** Audit entries keep at most this much of the params, so one huge call cannot bloat the log. */
const MAX_PARAMS_CHARS = 16 * 1024
/** Redaction walks the params recursively; a pathologically deep body must not cost the entry. */
const MAX_PARAMS_DEPTH = 100

function storableJson (_key: string, value: unknown): unknown {
  if (typeof value === 'string') return storableText(value)
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [storableText(key), inner]))
}

function storedParams (params: unknown): object {
  const depth = jsonDepth(params)
  if (depth > MAX_PARAMS_DEPTH) return { truncated: true, depth }
  // Refused params may hold what PostgreSQL's jsonb cannot (U+0000, lone surrogates, in keys
  // too), and one unstorable value must not cost the entry.
  const text = JSON.stringify(redactSecrets(params ?? {}), storableJson)
  if (text.length > MAX_PARAMS_CHARS) return { truncated: true, size: text.length }
  const stored: unknown = JSON.parse(text)
  return typeof stored === 'object' && stored !== null ? stored : { value: stored }
}

export type AuditRow = {
  at: Date
  operation: string
  channel: string
  tool: string | null
  actorId: string | null
  actorEmail: string | null
  /** `none` for a refusal without credentials. */
  mode: Identity['mode'] | 'none'
  keyId: string | null
  ok: boolean
  changed: boolean
  code: string | null
  durationMs: number
  params: object
  requestId: string | null
  traceId: string | null
  changeSet: ChangeSet | null
}

export function toAuditRow (entry: AuditRecord, at: Date): AuditRow {
  return {
    at,
    operation: entry.operation,
    channel: entry.channel,
    tool: entry.tool ?? null,
    actorId: entry.identity?.account.id ?? null,
    actorEmail: entry.identity?.account.email ?? null,
    mode: entry.identity?.mode ?? (entry.keyId ? 'api_key' : 'none'),
    // An OAuth call names its client where a key call names its key.
    keyId: entry.identity ? entry.identity.keyId ?? (entry.identity.clientId ? `oauth:${entry.identity.clientId}` : null) : entry.keyId ?? null,
    ok: entry.ok,
    changed: entry.changed,
    code: entry.code,
    durationMs: Math.round(entry.durationMs),
    params: storedParams(entry.params),
    requestId: entry.requestId ?? null,
    traceId: entry.traceId ?? null,
    changeSet: entry.changeSet ?? null,
  }
}
