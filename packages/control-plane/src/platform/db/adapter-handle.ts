import type { SqlDriverAdapter, SqlDriverAdapterFactory } from '@prisma/driver-adapter-utils'
import { forwarding } from './forwarding.ts'

/**
 * The host's Prisma driver adapter once Prisma has connected it. The plugin's hottest statement
 * (the audit INSERT) runs on it directly: the same connection or pool and the same driver as the
 * Prisma client, without the client's query building around a statement written by hand.
 */
export class AdapterHandle {
  #adapter: SqlDriverAdapter | undefined

  /** `undefined` until Prisma's first query connected the adapter. */
  get current (): SqlDriverAdapter | undefined {
    return this.#adapter
  }

  /** The factory, with the adapter it connects kept here. */
  capture<Factory extends SqlDriverAdapterFactory> (factory: Factory): Factory {
    return forwarding(factory, {
      connect: async () => {
        const adapter = await factory.connect()
        this.#adapter = adapter
        return adapter
      },
    } as Partial<Factory>)
  }
}
