import { AsyncLocalStorage } from 'node:async_hooks'
import type { SqlDriverAdapter, SqlDriverAdapterFactory, SqlQuery, Transaction } from '@prisma/driver-adapter-utils'
import { forwarding } from './forwarding.ts'

/** Set while a preview opens its transaction (`inPreviewTransaction`); `opened` once it has, so work it starts meanwhile takes the site's turn. */
const previewing = new AsyncLocalStorage<{ opened: boolean }>()
let previewsRunning = 0

/**
 * Runs `work`, whose transaction a preview rolls back. On SQLite that transaction opens on a
 * connection of its own (`isolatePreviews`); elsewhere each transaction has its own already.
 */
export async function inPreviewTransaction<Result> (work: () => Promise<Result>): Promise<Result> {
  previewsRunning++
  try {
    return await previewing.run({ opened: false }, work)
  } finally {
    // Before Node 24 a store once entered keeps async hooks on for every promise of the process
    // (measured 2.5× on promise-heavy code, Node 20 and 22): the site's own requests would pay for
    // previews long past. Off again when none runs.
    if (--previewsRunning === 0) previewing.disable()
  }
}

const isRead = (query: SqlQuery) => /^\s*(SELECT|WITH)\b/i.test(query.sql)

/**
 * Who may write to the file: the site's connection (its transactions and single statements) or
 * the one preview whose transaction is open. Each waits for the other asynchronously: a SQLite
 * connection waiting on the file's lock would block the whole process, the preview it waits for included.
 */
class WriteTurns {
  #transactions = 0
  #preview: Promise<void> | undefined
  #previewsWaiting = 0
  #idle: Array<() => void> = []

  /** Whether a preview's transaction is open: the site's writes wait for it (`siteWrite`). */
  get previewOpen (): boolean {
    return this.#preview !== undefined
  }

  /** Resolves once no preview's transaction is open. */
  async siteWrite (): Promise<void> {
    while (this.#preview !== undefined) await this.#preview
  }

  /** The site's transaction: once no preview's is open nor waiting for its turn (a preview waits for the open ones only). Returns its end. */
  async siteTransaction (): Promise<() => void> {
    while (this.#preview !== undefined || this.#previewsWaiting > 0) await (this.#preview ?? this.#untilIdle())
    this.#transactions++
    return () => {
      this.#transactions--
      if (this.#transactions === 0) this.#wakeIdle()
    }
  }

  /** The preview's turn: once the site's open transactions and any other preview ended. Returns its end. */
  async preview (): Promise<() => void> {
    this.#previewsWaiting++
    try {
      while (this.#preview !== undefined || this.#transactions > 0) await (this.#preview ?? this.#untilIdle())
    } finally {
      this.#previewsWaiting--
    }
    let end!: () => void
    this.#preview = new Promise(resolve => {
      end = () => {
        this.#preview = undefined
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
 * The site's SQLite adapter, with a preview's transaction on a second connection to the same file.
 * Prisma's better-sqlite3 adapter runs every statement outside a transaction on the connection
 * that has one open, so another request's write made during a preview would be rolled back with
 * it, and its reads would see what the preview wrote. The preview connection is opened by the
 * same factory (the host's file, options and busy timeout) on the first preview, in WAL mode so
 * the site's reads go on beside it, and is closed with the site's.
 */
function isolatingAdapter (site: SqlDriverAdapter, connect: () => Promise<SqlDriverAdapter>): SqlDriverAdapter {
  const turns = new WriteTurns()
  let previewConnection: Promise<SqlDriverAdapter> | undefined
  const openPreviewConnection = () => {
    previewConnection ??= connect().then(async adapter => {
      try {
        await adapter.executeScript('PRAGMA journal_mode = WAL')
      } catch (error) {
        await adapter.dispose()
        throw error
      }
      return adapter
    })
    // A connection that could not be opened is tried again by the next preview, not kept as a failure.
    previewConnection.catch(() => { previewConnection = undefined })
    return previewConnection
  }
  const queryRaw = site.queryRaw.bind(site)
  const executeRaw = site.executeRaw.bind(site)
  const executeScript = site.executeScript.bind(site)
  const startTransaction = site.startTransaction.bind(site)
  const dispose = site.dispose.bind(site)
  // Own properties, as the write observer adds its own: without a preview open, the site's queries reach the adapter after one check.
  site.queryRaw = query => turns.previewOpen && !isRead(query) ? turns.siteWrite().then(() => queryRaw(query)) : queryRaw(query)
  site.executeRaw = query => turns.previewOpen ? turns.siteWrite().then(() => executeRaw(query)) : executeRaw(query)
  site.executeScript = script => turns.previewOpen ? turns.siteWrite().then(() => executeScript(script)) : executeScript(script)
  site.startTransaction = async isolationLevel => {
    const preview = previewing.getStore()
    if (preview?.opened === false) {
      preview.opened = true
      const connection = await openPreviewConnection()
      const end = await turns.preview()
      try {
        return endingTurn(await connection.startTransaction(isolationLevel), end)
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
    const preview = previewConnection
    previewConnection = undefined
    await Promise.all([dispose(), preview?.then(adapter => adapter.dispose())])
  }
  return site
}

/** The host's adapter factory, with previews isolated on SQLite (`isolatingAdapter`); other providers' as they are. */
export function isolatePreviews<Factory extends SqlDriverAdapterFactory> (factory: Factory): Factory {
  if (factory.provider !== 'sqlite') return factory
  return forwarding(factory, { connect: async () => isolatingAdapter(await factory.connect(), () => factory.connect()) } as Partial<Factory>)
}
