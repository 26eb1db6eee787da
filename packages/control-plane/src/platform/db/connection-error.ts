import type { DatabaseTarget } from './database-url.ts'

/** A one-line reason the database cannot be used, naming where it was looked for but no credentials. */
export function describeConnectionError (target: DatabaseTarget, error: unknown): string {
  const code = (error as { code?: string }).code
  if (target.provider === 'sqlite') return `cannot open the SQLite database ${target.url}: ${(error as Error).message}`
  const url = new URL(target.url)
  const where = `${url.hostname}:${url.port || 5432}${url.pathname}`
  const reasons: Record<string, string> = {
    ECONNREFUSED: 'nothing is listening there — is PostgreSQL running?',
    ENOTFOUND: 'the host name does not resolve',
    ETIMEDOUT: 'the connection timed out',
    '28P01': 'the password was rejected',
    '28000': 'the role was rejected',
    '3D000': 'that database does not exist',
  }
  return `cannot connect to PostgreSQL at ${where}: ${(code && reasons[code]) ?? code ?? 'connection failed'}`
}

/** Prisma, driver and PostgreSQL codes that mean the database could not be reached or went away. */
const UNAVAILABLE = new Set([
  'P1001', 'P1002', 'P1008', 'P1017', 'P2024', // Prisma: unreachable, timed out, connection closed, pool timeout
  'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE',
  '57P01', '57P02', '57P03', '08000', '08003', '08006', // PostgreSQL: shut down, cannot connect, connection lost
  'DatabaseNotReachable', 'DatabaseUnreachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections',
])

/**
 * Whether an error says the database is unreachable rather than that one piece of work is bad:
 * such work is left to be done again, not marked failed. Looks through the `cause` chain, where
 * driver adapters put the driver's own error (a raw query's, in `meta.driverAdapterError`).
 */
export function isDatabaseUnavailable (error: unknown): boolean {
  let current: unknown = error
  for (let level = 0; level < 5 && typeof current === 'object' && current !== null; level++) {
    const { name, code, kind } = current as { name?: unknown, code?: unknown, kind?: unknown }
    if (name === 'PrismaClientInitializationError') return true
    if ((typeof code === 'string' && UNAVAILABLE.has(code)) || (typeof kind === 'string' && UNAVAILABLE.has(kind))) return true
    // A raw query's error (P2010) keeps the adapter's error in `meta`, not in `cause`.
    const { cause, meta } = current as { cause?: unknown, meta?: { driverAdapterError?: unknown } }
    current = cause ?? meta?.driverAdapterError
  }
  return false
}
