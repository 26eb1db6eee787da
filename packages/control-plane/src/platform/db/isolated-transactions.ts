import { AsyncLocalStorage } from 'node:async_hooks'
import type { SqlDriverAdapter, SqlDriverAdapterFactory, SqlQuery, Transaction } from '@prisma/driver-adapter-utils'
import { forwarding } from './forwarding.ts'
import type { DatabaseProvider } from './database-url.ts'

/**
 * The work of one of the package's transactions (`inIsolatedTransaction`): `connection` is the
 * connection its transaction holds open, once it has opened it.
 */
type TransactionWork = { connection: SqlDriverAdapter | undefined }

const isolated = new AsyncLocalStorage<TransactionWork>()
let isolatedRunning = 0

/**
 * Runs `work`, whose transactions are the package's own: on SQLite each opens on a connection of
 * its own (`isolateTransactions`), so what another request writes meanwhile is neither seen by it
 * nor rolled back with it. Work already inside one runs as it is (its transactions are nested).
 */
async function inIsolatedTransaction<Result> (work: () => Promise<Result>): Promise<Result> {
  if (isolated.getStore() !== undefined) return work()
  isolatedRunning++
  try {
    return await isolated.run({ connection: undefined }, work)
  } finally {
    // Before Node 24 a store once entered keeps async hooks on for every promise of the process
    // (measured 2.5× on promise-heavy code, Node 20 and 22): the site's own requests would pay for
    // the package's transactions long past. Off again when none runs.
    if (--isolatedRunning === 0) isolated.disable()
  }
}

/**
 * The package's Prisma client: on SQLite the same client, whose `$transaction` runs in
 * `inIsolatedTransaction`; on PostgreSQL, where each transaction has a connection of its own
 * already, the client itself. Only the package's code holds it; the host's client is not touched.
 */
export function isolatingClient<Client extends object> (client: Client, provider: DatabaseProvider): Client {
  const transaction = (client as { $transaction?: (...args: unknown[]) => Promise<unknown> }).$transaction
  if (provider !== 'sqlite' || typeof transaction !== 'function') return client
  const isolatedTransaction = (...args: unknown[]) => inIsolatedTransaction(() => transaction.apply(client, args))
  return forwarding(client, { $transaction: isolatedTransaction } as unknown as Partial<Client>)
}

// A `WITH` may write (`WITH … INSERT`); one that does waits its turn as any write.
const isRead = (query: SqlQuery) => /^\s*SELECT\b/i.test(query.sql) || (/^\s*WITH\b/i.test(query.sql) && !/\b(INSERT|UPDATE|DELETE|REPLACE)\b/i.test(query.sql))

/**
 * Who may write to the file: the site's connection (the host's transactions and every single
 * statement) or the one isolated transaction open on the other. Each waits for the other
 * asynchronously: a SQLite connection waiting on the file's lock would block the whole process,
 * the transaction it waits for included.
 */
class WriteTurns {
  #transactions = 0
  #isolated: Promise<void> | undefined
  #isolatedWaiting = 0
  #idle: Array<() => void> = []

  /** Whether an isolated transaction is open: the site's writes wait for it (`afterIsolated`). */
  get isolatedOpen (): boolean {
    return this.#isolated !== undefined
  }

  /**
   * Runs `statement` once no isolated transaction is open, in the same turn of the event loop as
   * the check: a transaction taking its turn in between would otherwise see it.
   */
  async afterIsolated<Result> (statement: () => Promise<Result>): Promise<Result> {
    while (this.#isolated !== undefined) await this.#isolated
    return statement()
  }

  /** The host's transaction: once no isolated one is open nor waiting for its turn (which waits for the open ones only). Returns its end. */
  async siteTransaction (): Promise<() => void> {
    while (this.#isolated !== undefined || this.#isolatedWaiting > 0) await (this.#isolated ?? this.#untilIdle())
    this.#transactions++
    return () => {
      this.#transactions--
      if (this.#transactions === 0) this.#wakeIdle()
    }
  }

  /** An isolated transaction's turn: once the host's open transactions and any other isolated one ended. Returns its end. */
  async isolated (): Promise<() => void> {
    this.#isolatedWaiting++
    try {
      while (this.#isolated !== undefined || this.#transactions > 0) await (this.#isolated ?? this.#untilIdle())
    } finally {
      this.#isolatedWaiting--
    }
    let end!: () => void
    this.#isolated = new Promise(resolve => {
      end = () => {
        this.#isolated = undefined
        resolve()
        this.#wakeIdle()
      }
    })
    return end
  }

  #untilIdle (): Promise<void> {
    return new Promise(resolve => this.#idle.push(resolve))
  }

  #wakeIdle (): void {
    for (const wake of this.#idle.splice(0)) wake()
  }
}

/** A transaction whose end (commit or rollback) also ends its turn. */
function endingTurn (transaction: Transaction, end: () => void): Transaction {
  let ended = false
  const once = async (finish: () => Promise<void>) => {
    try {
      await finish()
    } finally {
      if (!ended) end()
      ended = true
    }
  }
  return forwarding(transaction, {
    commit: () => once(() => transaction.commit()),
    rollback: () => once(() => transaction.rollback()),
  })
}

/**
 * The site's SQLite adapter, with the package's transactions on a second connection to the same
 * file. Prisma's better-sqlite3 adapter runs every statement outside a transaction on the
 * connection that has one open, so another request's write made while one of them is open would
 * be rolled back with it (a handler's conflict, a lost race retried, a preview), and its reads
 * would see what the transaction had not committed. The second connection is opened by the same
 * factory (the host's file, options and busy timeout) with the first isolated transaction, in WAL
 * mode so the site's reads go on beside it, and is closed with the site's. A statement the
 * transaction's own work runs through the site's client (not its transaction's) joins it on that
 * connection, as it did on one connection.
 */
function isolatingAdapter (site: SqlDriverAdapter, connect: () => Promise<SqlDriverAdapter>): SqlDriverAdapter {
  const turns = new WriteTurns()
  let second: Promise<SqlDriverAdapter> | undefined
  const openSecond = () => {
    second ??= connect().then(async adapter => {
      try {
        await adapter.executeScript('PRAGMA journal_mode = WAL')
      } catch (error) {
        await adapter.dispose()
        throw error
      }
      return adapter
    })
    // A connection that could not be opened is tried again by the next transaction, not kept as a failure.
    second.catch(() => { second = undefined })
    return second
  }
  const queryRaw = site.queryRaw.bind(site)
  const executeRaw = site.executeRaw.bind(site)
  const executeScript = site.executeScript.bind(site)
  const startTransaction = site.startTransaction.bind(site)
  const dispose = site.dispose.bind(site)
  // The connection of the isolated transaction whose work runs this statement, if any.
  const joined = () => isolated.getStore()?.connection
  // Own properties, as the write observer adds its own: with no isolated transaction open, the site's queries reach the adapter after one check.
  site.queryRaw = query => {
    if (!turns.isolatedOpen) return queryRaw(query)
    const connection = joined()
    if (connection) return connection.queryRaw(query)
    return isRead(query) ? queryRaw(query) : turns.afterIsolated(() => queryRaw(query))
  }
  site.executeRaw = query => {
    if (!turns.isolatedOpen) return executeRaw(query)
    return joined()?.executeRaw(query) ?? turns.afterIsolated(() => executeRaw(query))
  }
  site.executeScript = script => {
    if (!turns.isolatedOpen) return executeScript(script)
    return joined()?.executeScript(script) ?? turns.afterIsolated(() => executeScript(script))
  }
  site.startTransaction = async isolationLevel => {
    const work = isolated.getStore()
    if (work !== undefined && work.connection === undefined) {
      // The turn first: WAL mode is set when no transaction of the site's holds the file.
      const end = await turns.isolated()
      try {
        const connection = await openSecond()
        const transaction = await connection.startTransaction(isolationLevel)
        work.connection = connection
        return endingTurn(transaction, () => {
          work.connection = undefined
          end()
        })
      } catch (error) {
        end()
        throw error
      }
    }
    const end = await turns.siteTransaction()
    try {
      return endingTurn(await startTransaction(isolationLevel), end)
    } catch (error) {
      end()
      throw error
    }
  }
  site.dispose = async () => {
    const connection = second
    second = undefined
    await Promise.all([dispose(), connection?.then(adapter => adapter.dispose())])
  }
  return site
}

// better-sqlite3's own flag: a database in memory belongs to its connection, and a second connection would open another, empty one.
const inMemory = (adapter: SqlDriverAdapter) => (adapter as { client?: { memory?: unknown } }).client?.memory === true

/** The host's adapter factory, with the package's transactions isolated on SQLite (`isolatingAdapter`); other providers' as they are. */
export function isolateTransactions<Factory extends SqlDriverAdapterFactory> (factory: Factory): Factory {
  if (factory.provider !== 'sqlite') return factory
  const connect = async () => {
    const site = await factory.connect()
    return inMemory(site) ? site : isolatingAdapter(site, () => factory.connect())
  }
  return forwarding(factory, { connect } as Partial<Factory>)
}
