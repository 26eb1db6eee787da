import type { SqlDriverAdapterFactory } from '@prisma/driver-adapter-utils'
import { ListWrites } from './write-observer.ts'
import { AdapterHandle } from './adapter-handle.ts'
import { isolatePreviews } from './preview-connection.ts'

/** The two hooks of Keystone's `db` config the plugin wraps. */
type HostDbHooks<Options> = {
  prismaClientOptions: () => Options
  extendPrismaClient?: (client: any) => any // eslint-disable-line @typescript-eslint/no-explicit-any -- Keystone's own type
}

export type WatchedHostClient<Options> = Required<HostDbHooks<Options>> & {
  /** This process's writes to the watched lists, once Keystone extended its Prisma client. */
  writes: ListWrites
  /** The adapter once Prisma connected it. */
  adapter: AdapterHandle
}

/**
 * Wraps the Prisma client the host's Keystone config makes, through the config's own hooks: its
 * writes to `lists` are reported (a query extension, after the host's own `extendPrismaClient`),
 * its driver adapter's commits too, and the connected adapter is kept; on SQLite a preview's
 * transaction gets a connection of its own (`isolatePreviews`). A config without an adapter
 * keeps its options as given.
 */
export function watchHostClient<Options> (hooks: HostDbHooks<Options>, lists: readonly string[]): WatchedHostClient<Options> {
  const writes = new ListWrites(lists)
  const adapter = new AdapterHandle()
  return {
    writes,
    adapter,
    prismaClientOptions: () => {
      const options = hooks.prismaClientOptions()
      const factory = (options as { adapter?: SqlDriverAdapterFactory }).adapter
      return factory ? { ...options, adapter: adapter.capture(writes.observeCommits(isolatePreviews(factory))) } : options
    },
    extendPrismaClient: (client: object) => writes.extend(hooks.extendPrismaClient ? hooks.extendPrismaClient(client) as object : client),
  }
}
