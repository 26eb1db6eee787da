export type DatabaseProvider = 'sqlite' | 'postgresql'

export type DatabaseTarget = { provider: DatabaseProvider, url: string }

export const DEFAULT_DATABASE_URL = 'file:./var/svc.db'

/** `postgresql://…` (or `postgres://…`) selects PostgreSQL; `file:…` or nothing keeps SQLite. */
export function resolveDatabase (url: string | undefined = process.env.DATABASE_URL): DatabaseTarget {
  const value = url?.trim() || DEFAULT_DATABASE_URL
  if (/^postgres(ql)?:\/\//.test(value)) return { provider: 'postgresql', url: value }
  if (value.startsWith('file:')) return { provider: 'sqlite', url: value }
  throw new Error('DATABASE_URL must start with file: (SQLite) or postgresql:// (PostgreSQL)')
}

/** Path of the SQLite file a `file:` URL names, relative to the working directory. */
export function sqliteFilePath (url: string): string {
  return url.replace(/^file:/, '').replace(/\?.*$/, '')
}
