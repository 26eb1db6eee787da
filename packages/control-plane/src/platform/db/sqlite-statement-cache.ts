import type { Database, Statement } from 'better-sqlite3'
import type { SqlDriverAdapter, SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils'

/**
 * What Prisma's better-sqlite3 adapter (7.10, pinned exactly in package.json) calls on its
 * connection: `prepare(sql)`, optionally `.bind(args)`, then `reader`, `run()`, `columns()` or `raw().all()`.
 */
type BoundStatement = {
  readonly reader: boolean
  run (): ReturnType<Statement['run']>
  columns (): ReturnType<Statement['columns']>
  raw (): { all (): unknown[] }
}
type AdapterConnection = { prepare (sql: string): BoundStatement & { bind (args: unknown[]): BoundStatement }, exec (sql: string): unknown, close (): unknown }

/** Statements kept per connection. Prisma's SQL comes in few shapes; the multi-row audit INSERT adds one per batch size. */
const STATEMENT_CACHE_SIZE = 500

/** `bind` in better-sqlite3 is permanent, so a reused statement gets its arguments at each run instead. */
function bound (statement: Statement, args: unknown[]): BoundStatement {
  return {
    reader: statement.reader,
    run: () => statement.run(...args),
    columns: () => statement.columns(),
    raw: () => ({ all: () => statement.raw(true).all(...args) }),
  }
}

const isBusy = (error: unknown) => typeof (error as { code?: unknown }).code === 'string' && (error as { code: string }).code.startsWith('SQLITE_BUSY')

/**
 * The adapter begins each transaction DEFERRED: its first write then needs the write lock, and
 * when another connection wrote since the transaction's first read, SQLite answers BUSY at once,
 * without waiting (the snapshot is stale). IMMEDIATE takes the lock at BEGIN, where the busy
 * timeout waits for it, before anything was read. If the lock is still held when the timeout
 * ends, the transaction begins DEFERRED after all: the adapter leaves its transaction mutex
 * locked when BEGIN throws, and its first write then waits once more, failing inside the
 * transaction, which is rolled back and answered `unavailable`.
 */
function beginStatement (statementFor: (sql: string) => Statement): BoundStatement & { bind (args: unknown[]): BoundStatement } {
  const begin = (): ReturnType<Statement['run']> => {
    try {
      return statementFor('BEGIN IMMEDIATE').run()
    } catch (error) {
      if (!isBusy(error)) throw error
      return statementFor('BEGIN').run()
    }
  }
  const statement = { reader: false, run: begin, columns: () => [], raw: () => ({ all: () => [] }) }
  return { ...statement, bind: () => statement }
}

function cachingConnection (db: Database, capacity: number): AdapterConnection {
  const statements = new Map<string, Statement>()
  const statementFor = (sql: string): Statement => {
    const cached = statements.get(sql)
    if (cached) {
      statements.delete(sql)
      statements.set(sql, cached)
      return cached
    }
    const statement = db.prepare(sql)
    statements.set(sql, statement)
    if (statements.size > capacity) statements.delete(statements.keys().next().value!)
    return statement
  }
  return {
    prepare (sql) {
      if (sql === 'BEGIN') return beginStatement(statementFor)
      const statement = statementFor(sql)
      return { ...bound(statement, []), bind: args => bound(statement, args) }
    },
    exec: sql => db.exec(sql),
    close: () => db.close(),
  }
}

function isBetterSqlite3 (value: unknown): value is Database {
  return typeof value === 'object' && value !== null && 'prepare' in value && 'exec' in value && 'pragma' in value
}

async function withCachedStatements (connecting: Promise<SqlDriverAdapter>, capacity: number): Promise<SqlDriverAdapter> {
  const adapter = await connecting
  const holder = adapter as unknown as { client: unknown }
  // Another adapter version may hold its connection differently: then it runs as it comes.
  if (isBetterSqlite3(holder.client)) holder.client = cachingConnection(holder.client, capacity)
  return adapter
}

/**
 * Prisma's better-sqlite3 adapter factory, with each connection's prepared statements reused,
 * least recently used first out. The adapter prepares every statement anew, and SQLite then
 * parses and plans it again each time: the largest single cost of a Prisma query here.
 */
export function cacheSqliteStatements (factory: SqlMigrationAwareDriverAdapterFactory, capacity = STATEMENT_CACHE_SIZE): SqlMigrationAwareDriverAdapterFactory {
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: () => withCachedStatements(factory.connect(), capacity),
    connectToShadowDb: () => withCachedStatements(factory.connectToShadowDb(), capacity),
  }
}
