import type { Db } from '../db/client.ts'
import type { Account, ApprovalMode } from './identity.ts'
import type { AccountLoader } from '../host-contract/load-account.ts'
import { parseStoredScopes, type ScopeGrant } from './scopes.ts'

export type KeyWithOwner = {
  id: string
  secretDigest: string
  /** The key's own revocation, or else the first ancestor's: a key is only as alive as its lineage. */
  revokedAt: Date | null
  /** The earliest expiry along the key and its ancestors. */
  expiresAt: Date | null
  lastUsedAt: Date | null
  grant: ScopeGrant
  approval: ApprovalMode
  /** The product version the key pins (`api_keys.mint`'s `pinned_version`), or null. */
  pinnedVersion: string | null
  owner: Account | null
}

type Row = {
  id: string
  secretDigest: string
  revokedAt: Date | string | number | null
  expiresAt: Date | string | number | null
  lastUsedAt: Date | string | number | null
  scopes: string | null
  readOnly: boolean | number | bigint
  approval: string
  pinnedVersion: string | null
  owner: string | number | bigint | null
  depth: number | bigint
}

const asDate = (value: Date | string | number | null): Date | null => value === null ? null : value instanceof Date ? value : new Date(value)

const earliest = (dates: readonly (Date | null)[]): Date | null =>
  dates.reduce<Date | null>((min, date) => date !== null && (min === null || date < min) ? date : min, null)

/** The API keys' table (their list's `db.map`), as the statement below names it. */
export const API_KEY_TABLE = 'svc_api_keys'

/** A lineage deeper than this is refused outright rather than walked: it can only come from a loop. */
const MAX_DEPTH = 64

/**
 * The key row and its whole ancestor chain in one raw recursive statement (it runs on every
 * uncached API-key request), then its owner through `host.accounts`: the accounts' table, fields
 * and role are the host's, so they are read through its Prisma delegate rather than joined here.
 * Quoted identifiers keep the SQL valid on SQLite and PostgreSQL.
 */
export async function findKeyWithOwner (db: Db, loadAccount: AccountLoader, publicId: string): Promise<KeyWithOwner | null> {
  const rows = await db.$queryRaw<Row[]>`
    WITH RECURSIVE "chain" ("id", "secretDigest", "revokedAt", "expiresAt", "lastUsedAt", "scopes", "readOnly", "approval", "pinnedVersion", "owner", "parent", "depth") AS (
      SELECT "id", "secretDigest", "revokedAt", "expiresAt", "lastUsedAt", "scopes", "readOnly", "approval", "pinnedVersion", "owner", "parent", 0
      FROM "svc_api_keys" WHERE "publicId" = ${publicId}
      UNION ALL
      SELECT k."id", k."secretDigest", k."revokedAt", k."expiresAt", k."lastUsedAt", k."scopes", k."readOnly", k."approval", k."pinnedVersion", k."owner", k."parent", c."depth" + 1
      FROM "svc_api_keys" k JOIN "chain" c ON k."id" = c."parent" WHERE c."depth" < ${MAX_DEPTH}
    )
    SELECT "id", "secretDigest", "revokedAt", "expiresAt", "lastUsedAt", "scopes", "readOnly", "approval", "pinnedVersion", "owner", "depth" FROM "chain" ORDER BY "depth"`
  const row = rows[0]
  if (!row) return null
  const lineage = rows.map(entry => ({ revokedAt: asDate(entry.revokedAt), expiresAt: asDate(entry.expiresAt) }))
  const tooDeep = rows.length > MAX_DEPTH
  return {
    id: row.id,
    secretDigest: row.secretDigest,
    revokedAt: lineage.find(entry => entry.revokedAt !== null)?.revokedAt ?? (tooDeep ? new Date(0) : null),
    expiresAt: earliest(lineage.map(entry => entry.expiresAt)),
    lastUsedAt: asDate(row.lastUsedAt),
    grant: { scopes: parseStoredScopes(row.scopes), readOnly: Boolean(Number(row.readOnly)) },
    approval: row.approval === 'destructive' ? 'destructive' : 'none',
    pinnedVersion: row.pinnedVersion,
    owner: row.owner === null ? null : await loadAccount(String(row.owner)),
  }
}
