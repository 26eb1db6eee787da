import type { SqlDriverAdapter, SqlDriverAdapterFactory, Transaction } from '@prisma/driver-adapter-utils'
import { forwarding } from './forwarding.ts'

/** The Prisma client's operations that write. */
const WRITES: ReadonlySet<string> = new Set([
  'create', 'createMany', 'createManyAndReturn', 'update', 'updateMany', 'updateManyAndReturn', 'upsert', 'delete', 'deleteMany',
])

type Operation = { model?: string, operation: string, args: unknown, query: (args: unknown) => Promise<unknown> }
type ExtendableClient = { $extends: (extension: { name: string, query: { $allModels: { $allOperations: (operation: Operation) => Promise<unknown> } } }) => unknown }

/**
 * A version number that moves whenever this process writes to one of the watched lists through
 * the Prisma client `extend` returns (Keystone's `db.extendPrismaClient`): every path counts —
 * operations, GraphQL, the Admin UI, a test writing through `context.prisma`. A cache keyed on it
 * drops what it holds the moment this process changes the rows it was read from. Writes made by
 * other processes, or in raw SQL, are not seen: a cache relying on this must also expire by time.
 */
export class ListWrites {
  readonly #models: ReadonlySet<string>
  #version = 0
  #observing = false

  /** `lists`: the Prisma models, as Keystone names them (the list keys: `User`, `SvcApiKey`). */
  constructor (lists: readonly string[]) {
    this.#models = new Set(lists)
  }

  /** Moves on every write to a watched list; compare it before and after reading them. */
  get version (): number {
    return this.#version
  }

  /** Whether a client reports here: until one does, no write is seen and nothing may rely on the version. */
  get observing (): boolean {
    return this.#observing
  }

  #bump (): void {
    this.#version += 1
  }

  /** The client, its writes to the watched lists reported here (a query extension). */
  extend<Client> (client: Client): Client {
    this.#observing = true
    return (client as ExtendableClient).$extends({
      name: 'svc-list-writes',
      query: {
        $allModels: {
          $allOperations: async ({ model, operation, args, query }) => {
            try {
              return await query(args)
            } finally {
              if (model !== undefined && WRITES.has(operation) && this.#models.has(model)) this.#bump()
            }
          },
        },
      },
    }) as Client
  }

  /**
   * The driver adapter factory, its transactions reporting their commit. A write inside one counts
   * twice: when it runs, and again once committed, so a read made meanwhile (which still saw the
   * old rows on another connection) is not trusted either. Any watched write while the transaction
   * was open counts it: at worst one more cache miss.
   */
  observeCommits<Factory extends SqlDriverAdapterFactory> (factory: Factory): Factory {
    return forwarding(factory, { connect: async () => this.#observeAdapter(await factory.connect()) } as Partial<Factory>)
  }

  #observeAdapter (adapter: SqlDriverAdapter): SqlDriverAdapter {
    return forwarding(adapter, {
      startTransaction: async isolationLevel => this.#observeTransaction(await adapter.startTransaction(isolationLevel)),
    })
  }

  #observeTransaction (transaction: Transaction): Transaction {
    const opened = this.#version
    return forwarding(transaction, {
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
