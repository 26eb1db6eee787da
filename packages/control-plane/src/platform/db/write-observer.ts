import type { SqlDriverAdapter, SqlDriverAdapterFactory, SqlQuery, Transaction } from '@prisma/driver-adapter-utils'
import { forwarding } from './forwarding.ts'

/**
 * A version number that moves whenever this process writes to one of the watched tables, through
 * the Prisma client the observer's adapter serves: every path counts (operations, GraphQL, the
 * Admin UI, a test writing through `context.prisma`). A cache keyed on it drops what it holds the
 * moment this process changes the rows it was read from. Writes made by other processes are
 * not seen: a cache relying on this must also expire by time.
 */
export class TableWrites {
  readonly #tables: RegExp
  #version = 0
  #observing = false

  /** `tables`: table names exactly as in the database (e.g. `User`, `svc_api_keys`). */
  constructor (tables: readonly string[]) {
    const names = tables.map(table => table.replace(/[^A-Za-z0-9_]/g, '')).join('|')
    // Prisma quotes with backticks on SQLite (UPDATE `main`.`User`), double quotes on PostgreSQL; raw SQL may name no schema.
    this.#tables = new RegExp(`^\\s*(?:INSERT\\s+INTO|UPDATE|DELETE\\s+FROM)\\s+(?:[\`"][^\`"]+[\`"]\\.)?[\`"](?:${names})[\`"]`, 'i')
  }

  /** Moves on every write to a watched table; compare it before and after reading them. */
  get version (): number {
    return this.#version
  }

  /** Whether an adapter reports here: until one does, no write is seen and nothing may rely on the version. */
  get observing (): boolean {
    return this.#observing
  }

  #bump (): void {
    this.#version += 1
  }

  /** The adapter factory, with its connections reporting writes to the watched tables here. */
  observe<Factory extends SqlDriverAdapterFactory> (factory: Factory): Factory {
    this.#observing = true
    return forwarding(factory, { connect: async () => this.#observeAdapter(await factory.connect()) } as Partial<Factory>)
  }

  #observeAdapter (adapter: SqlDriverAdapter): SqlDriverAdapter {
    return forwarding(adapter, {
      ...this.#observeQueries(adapter, () => {}),
      startTransaction: async isolationLevel => this.#observeTransaction(await adapter.startTransaction(isolationLevel)),
    })
  }

  /**
   * Inside a transaction a write counts twice: when it runs, and again once committed, so a read
   * made meanwhile (which still saw the old rows on another connection) is not trusted either.
   */
  #observeTransaction (transaction: Transaction): Transaction {
    let wrote = false
    return forwarding(transaction, {
      ...this.#observeQueries(transaction, () => { wrote = true }),
      commit: async () => {
        try {
          await transaction.commit()
        } finally {
          if (wrote) this.#bump()
        }
      },
    })
  }

  #observeQueries (queryable: Pick<SqlDriverAdapter, 'queryRaw' | 'executeRaw'>, wrote: () => void) {
    const seen = (query: SqlQuery) => {
      if (!this.#tables.test(query.sql)) return
      this.#bump()
      wrote()
    }
    return {
      queryRaw: async (query: SqlQuery) => {
        try {
          return await queryable.queryRaw(query)
        } finally {
          seen(query)
        }
      },
      executeRaw: async (query: SqlQuery) => {
        try {
          return await queryable.executeRaw(query)
        } finally {
          seen(query)
        }
      },
    }
  }
}
