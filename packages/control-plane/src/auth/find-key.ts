import type { Db } from '../db/client.ts'
import type { Account } from './identity.ts'
import type { AccountLoader } from '../host-contract/load-account.ts'

export type KeyWithOwner = {
  id: string
  secretDigest: string
  revokedAt: Date | null
  expiresAt: Date | null
  lastUsedAt: Date | null
  owner: Account | null
}

type Row = Omit<KeyWithOwner, 'owner'> & { owner: string | number | bigint | null }

const asDate = (value: Date | string | number | null): Date | null => value === null ? null : value instanceof Date ? value : new Date(value)

/**
 * The key row in one raw statement (it runs on every uncached API-key request), then its owner
 * through `host.accounts`: the accounts' table, fields and role are the host's, so they are read
 * through its Prisma delegate rather than joined here. Quoted identifiers keep the SQL valid on
 * SQLite and PostgreSQL.
 */
export async function findKeyWithOwner (db: Db, loadAccount: AccountLoader, publicId: string): Promise<KeyWithOwner | null> {
  const rows = await db.$queryRaw<Row[]>`
    SELECT "id", "secretDigest", "revokedAt", "expiresAt", "lastUsedAt", "owner"
    FROM "svc_api_keys" WHERE "publicId" = ${publicId}`
  const row = rows[0]
  if (!row) return null
  return {
    id: row.id,
    secretDigest: row.secretDigest,
    revokedAt: asDate(row.revokedAt),
    expiresAt: asDate(row.expiresAt),
    lastUsedAt: asDate(row.lastUsedAt),
    owner: row.owner === null ? null : await loadAccount(String(row.owner)),
  }
}
