import type { ArgType, SqlDriverAdapter } from '@prisma/driver-adapter-utils'
import type { Db } from '../../platform/db/client.ts'
import type { DatabaseProvider } from '../../platform/db/database-url.ts'

/**
 * Where the ledger's bulk reads (verify, export) run: the host's connected driver adapter when
 * there is one, rows as arrays of values; else the Prisma client. Per row, the client builds an
 * object per field and per relation around the same values, which cost a read of 200,000 events
 * more than its SQL.
 */
export type LedgerSource = { db: Db, adapter?: SqlDriverAdapter | undefined, provider: DatabaseProvider }

export const INT_ARG: ArgType = { scalarType: 'int', arity: 'scalar' }
export const DATETIME_ARG: ArgType = { scalarType: 'datetime', arity: 'scalar' }


/** Both adapters hand a timestamp back as an ISO string with `+00:00`, and a JSON column as its text. */
export const timestampValue = (value: unknown): Date => new Date(value as string | number)
export const jsonValue = (value: unknown): unknown => typeof value === 'string' ? JSON.parse(value) as unknown : value ?? null
export const intValue = (value: unknown): number => Number(value)
