import type { DatabaseProvider } from './database-url.ts'

/** The `index`-th (0-based) placeholder of a statement written by hand: `?` on SQLite, `$n` on PostgreSQL. */
export const placeholder = (provider: DatabaseProvider, index: number) => provider === 'sqlite' ? '?' : `$${index + 1}`
