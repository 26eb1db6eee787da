import type { SqlDriverAdapter, SqlDriverAdapterFactory, Transaction } from '@prisma/driver-adapter-utils'
import { forwarding } from './forwarding.ts'

/** The Prisma client's operations that write. */
const WRITES = [
  'create', 'createMany', 'createManyAndReturn', 'update', 'updateMany', 'updateManyAndReturn', 'upsert', 'delete', 'deleteMany',
] as const

type Operation = { args: unknown, query: (args: unknown) => Promise<unknown> }
type QueryCallbacks = Record<string, Record<string, (operation: Operation) => Promise<unknown>>>
type ExtendableClient = { $extends: (extension: { name: string, query: QueryCallbacks }) => unknown }

/** The name a Prisma model goes by on the client and in its extensions (`SvcApiKey` → `svcApiKey`). */
const clientModelName = (model: string) => model.charAt(0).toLowerCase() + model.slice(1)

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

  /**
   * The client, its writes to the watched lists reported here: a query extension on those models'
   * write operations only, so the host's reads, and everything it does with its other lists, run
   * with no callback of ours around them (Prisma looks the callbacks up once per model and operation).
   */
  extend<Client> (client: Client): Client {
    this.#observing = true
    const counted = async ({ args, query }: Operation) => {
      try {
        return await query(args)
      } finally {
        this.#bump()
      }
    }
    const onWrite = Object.fromEntries(WRITES.map(operation => [operation, counted]))
    return (client as ExtendableClient).$extends({
      name: 'svc-list-writes',
      query: Object.fromEntries([...this.#models].map(model => [clientModelName(model), onWrite])),
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

  /**
   * The adapter itself, its `startTransaction` replaced by an own property: the queries Prisma
   * sends it (every query of the host's) reach it directly, with nothing of ours in between.
   */
  #observeAdapter (adapter: SqlDriverAdapter): SqlDriverAdapter {
    const startTransaction = adapter.startTransaction.bind(adapter)
    adapter.startTransaction = async isolationLevel => this.#observeTransaction(await startTransaction(isolationLevel))
    return adapter
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
