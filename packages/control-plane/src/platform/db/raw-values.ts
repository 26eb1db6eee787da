import type { ArgType } from '@prisma/driver-adapter-utils'
import type { DatabaseProvider } from './database-url.ts'
import { placeholder } from './sql-placeholder.ts'

/** How the driver binds one argument of a statement written by hand. */
export const scalarArg = (scalarType: ArgType['scalarType']): ArgType => ({ scalarType, arity: 'scalar' })

/**
 * A DateTime column's value as a hand-written SELECT answers it: the driver adapter gives the
 * stored text (ISO 8601) or, for a SQLite host storing `unixepoch-ms`, a number; the Prisma
 * client's raw query, the fallback before the adapter is connected, a Date.
 */
export function rawDate (value: unknown): Date | null {
  if (value === null || value === undefined) return null
  if (value instanceof Date) return value
  if (typeof value === 'number' || typeof value === 'bigint') return new Date(Number(value))
  if (typeof value !== 'string') throw new TypeError(`not a date: ${typeof value}`)
  return new Date(/^\d+$/.test(value) ? Number(value) : value)
}

/** An integer column or aggregate: either driver may answer it as a bigint or, past 2^53, as text. */
export const rawNumber = (value: unknown): number => Number(value)

/**
 * `"column" IN (…)` over string values, with its arguments, the placeholders numbered from
 * `first`; an empty list is false (SQL has no empty `IN`).
 */
export function stringsIn (provider: DatabaseProvider, column: string, values: readonly string[], first: number): { sql: string, args: string[], argTypes: ArgType[] } {
  if (values.length === 0) return { sql: '1 = 0', args: [], argTypes: [] }
  return {
    sql: `"${column}" IN (${values.map((_, index) => placeholder(provider, first + index)).join(', ')})`,
    args: [...values],
    argTypes: values.map(() => scalarArg('string')),
  }
}
