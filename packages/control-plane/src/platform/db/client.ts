import type { PrismaClient } from '../../../generated/prisma/client.ts'

/** The host's generated Prisma client; plugin lists are models on it. */
export type Db = PrismaClient

/** A Prisma interactive-transaction client. */
export type Tx = Parameters<Parameters<Db['$transaction']>[0]>[0]

const UNIQUE_VIOLATION = 'P2002'

export function isUniqueViolation (error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === UNIQUE_VIOLATION
}

const TABLE_MISSING = 'P2021'

/** A statement named a table the database does not have (a migration not applied). */
export function isTableMissing (error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === TABLE_MISSING
}

const RECORD_NOT_FOUND = 'P2025'

/** An update or delete of one record found nothing: another request removed it first. */
export function isRecordNotFound (error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === RECORD_NOT_FOUND
}
