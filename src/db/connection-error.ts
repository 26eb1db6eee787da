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
