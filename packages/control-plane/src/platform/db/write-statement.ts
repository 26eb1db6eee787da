import { escapeRegExp } from '../lib/escape-reg-exp.ts'

/** `S`, `s`: a statement starting with it (SELECT, SET, SAVEPOINT, SHOW) writes no row. */
const UPPER_S = 83
const LOWER_S = 115

/** The statement's first keyword, after any whitespace and comments. */
const FIRST_KEYWORD = /^(?:\s|--[^\n]*(?:\n|$)|\/\*[\s\S]*?\*\/)*([a-z]+)/i

/** Statements that write no row, though they may name a table. */
const NO_ROW_WRITTEN = new Set(['SELECT', 'PRAGMA', 'VALUES', 'SHOW', 'SET', 'SAVEPOINT', 'RELEASE', 'COMMIT', 'ROLLBACK', 'BEGIN'])

/** What makes a `WITH …` statement a write: its main statement, or a data-modifying CTE on PostgreSQL. */
const WRITE_VERB = /\b(?:INSERT|UPDATE|DELETE|MERGE|REPLACE)\b/i

/**
 * Whether a SQL statement may write to one of `tables`: it names one (quoted as Prisma quotes
 * it — `"public"."User"` on PostgreSQL, `` `main`.`User` `` on SQLite — or not, in any case) and
 * is not a read. A statement starting with `S` costs one comparison. Errs towards yes (a column
 * of another table named like a watched one): a false yes costs a cache miss, a false no a stale role.
 */
export function writesToTables (tables: readonly string[]): (sql: string) => boolean {
  if (tables.length === 0) return () => false
  const named = new RegExp(`(?<![\\w$])(?:${tables.map(escapeRegExp).join('|')})(?![\\w$])`, 'i')
  return sql => {
    const first = sql.charCodeAt(0)
    if (first === UPPER_S || first === LOWER_S || !named.test(sql)) return false
    const keyword = FIRST_KEYWORD.exec(sql)?.[1]?.toUpperCase()
    if (keyword === 'WITH') return WRITE_VERB.test(sql)
    return keyword === undefined || !NO_ROW_WRITTEN.has(keyword)
  }
}
