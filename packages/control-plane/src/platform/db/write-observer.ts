import type { SqlDriverAdapter, SqlDriverAdapterFactory, SqlQuery, Transaction } from '@prisma/driver-adapter-utils'
import { forwarding } from './forwarding.ts'
import { writesToTables } from './write-statement.ts'

/** A driver adapter's (or transaction's) statement runners, as Prisma calls them. */
type Runners = Pick<SqlDriverAdapter, 'queryRaw' | 'executeRaw'>

/**
 * A version number that moves whenever this process writes to one of the watched tables through
 * a driver adapter the factory `observe` returns connected: every path counts — Prisma's client
 * (operations, GraphQL, the Admin UI, `context.prisma`, its raw SQL) and statements run on the
 * adapter directly. A cache keyed on it drops what it holds the moment this process changes the
 * rows it was read from. Writes made by other processes are not seen: a cache relying on this
 * must also expire by time.
 */
export class ListWrites {
  readonly #writes: (sql: string) => boolean
  #version = 0
  #observing = false

  /** `tables`: the watched tables as the database names them (a Keystone list's `db.map`, else its key). */
  constructor (tables: readonly string[]) {
    this.#writes = writesToTables(tables)
  }

  /** Moves on every write to a watched table; compare it before and after reading them. */
  get version (): number {
    return this.#version
  }

  /** Whether a factory is observed: until one is, no write is seen and nothing may rely on the version. */
  get observing (): boolean {
    return this.#observing
  }

  #bump (): void {
    this.#version += 1
  }

  /**
   * The driver adapter factory, every adapter it connects observed from its first statement (so
   * `observing` holds from now on). The host's Prisma client itself is left as Prisma made it: a
   * client extension, even one declared on a few models, costs every query of the host's.
   */
  observe<Factory extends SqlDriverAdapterFactory> (factory: Factory): Factory {
    this.#observing = true
    return forwarding(factory, { connect: async () => this.#observeAdapter(await factory.connect()) } as Partial<Factory>)
  }

  /** Runs a watched write, counting it once run, failed or not. */
  async #counting<Result> (run: () => Promise<Result>): Promise<Result> {
    try {
      return await run()
    } finally {
      this.#bump()
    }
  }

  /** A statement runner that counts the watched writes it runs; a read passes straight through. */
  #counted<Result> (run: (query: SqlQuery) => Promise<Result>): (query: SqlQuery) => Promise<Result> {
    return query => this.#writes(query.sql) ? this.#counting(() => run(query)) : run(query)
  }

  #countedRunners (runners: Runners): Runners {
    return { queryRaw: this.#counted(runners.queryRaw.bind(runners)), executeRaw: this.#counted(runners.executeRaw.bind(runners)) }
  }

  /**
   * The adapter itself, its runners replaced by own properties: Prisma calls the adapter it was
   * given, so a read costs one comparison of ours and no forwarding on the way.
   */
  #observeAdapter (adapter: SqlDriverAdapter): SqlDriverAdapter {
    const startTransaction = adapter.startTransaction.bind(adapter)
    const executeScript = adapter.executeScript.bind(adapter)
    Object.assign(adapter, this.#countedRunners(adapter))
    adapter.executeScript = script => this.#writes(script) ? this.#counting(() => executeScript(script)) : executeScript(script)
    adapter.startTransaction = async isolationLevel => this.#observeTransaction(await startTransaction(isolationLevel))
    return adapter
  }

  /**
   * A transaction, its watched writes counted twice: when they run, and again once committed, so
   * a read made meanwhile (which still saw the old rows on another connection) is not trusted
   * either. Any watched write while the transaction was open counts it: at worst one more cache miss.
   */
  #observeTransaction (transaction: Transaction): Transaction {
    const opened = this.#version
    return forwarding(transaction, {
      ...this.#countedRunners(transaction),
      commit: async () => {
        try {
          await transaction.commit()
        } finally {
          if (this.#version !== opened) this.#bump()
        }
      },
    })
  }
}
