import type { Db } from '../db/client.ts'

export type KeyWithOwner = {
  id: string
  secretDigest: string
  revokedAt: Date | null
  expiresAt: Date | null
  lastUsedAt: Date | null
  owner: { id: string, email: string, name: string, role: string } | null
}

type Row = Omit<KeyWithOwner, 'owner'> & { ownerId: string | null, email: string | null, name: string | null, role: string | null }

const asDate = (value: Date | string | number | null): Date | null => value === null ? null : value instanceof Date ? value : new Date(value)

/**
 * The key and its owner's current role in one statement. This runs on every API-key request;
 * Prisma would load the relation with a second query, which measured three times the CPU.
 * Quoted identifiers keep the same SQL valid on SQLite and PostgreSQL.
 */
export async function findKeyWithOwner (db: Db, publicId: string): Promise<KeyWithOwner | null> {
  const rows = await db.$queryRaw<Row[]>`
    SELECT k."id", k."secretDigest", k."revokedAt", k."expiresAt", k."lastUsedAt",
           u."id" AS "ownerId", u."email", u."name", u."role"
    FROM "svc_api_keys" k LEFT JOIN "User" u ON u."id" = k."owner"
    WHERE k."publicId" = ${publicId}`
  const row = rows[0]
  if (!row) return null
  return {
    id: row.id,
    secretDigest: row.secretDigest,
    revokedAt: asDate(row.revokedAt),
    expiresAt: asDate(row.expiresAt),
    lastUsedAt: asDate(row.lastUsedAt),
    owner: row.ownerId === null ? null : { id: row.ownerId, email: row.email ?? '', name: row.name ?? '', role: row.role ?? '' },
  }
}
