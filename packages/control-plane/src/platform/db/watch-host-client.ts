import type { SqlDriverAdapterFactory } from '@prisma/driver-adapter-utils'
import { ListWrites } from './write-observer.ts'
import { AdapterHandle } from './adapter-handle.ts'
import { isolateTransactions } from './isolated-transactions.ts'

export type WatchedHostClient<Options> = {
  /** This process's writes to the watched tables, seen at the host's driver adapter. */
  writes: ListWrites
  /** The adapter once Prisma connected it. */
  adapter: AdapterHandle
  /** The host's `db.prismaClientOptions`, its adapter factory observed. */
  prismaClientOptions: () => Options
}

/**
 * Observes the driver adapter the host's Keystone config gives its Prisma client, through the
 * config's own `prismaClientOptions`: its writes to `tables` are reported, and the connected
 * adapter is kept; on SQLite the package's transactions get a connection of their own
 * (`isolateTransactions`, observed as the site's transactions are: written on that connection,
 * rolled back, it costs a cache miss at most). The client is not touched. A config without an adapter
 * keeps its options as given, and nothing is observed.
 */
export function watchHostClient<Options> (prismaClientOptions: () => Options, tables: readonly string[]): WatchedHostClient<Options> {
  const writes = new ListWrites(tables)
  const adapter = new AdapterHandle()
  return {
    writes,
    adapter,
    prismaClientOptions: () => {
      const options = prismaClientOptions()
      const factory = (options as { adapter?: SqlDriverAdapterFactory }).adapter
      return factory ? { ...options, adapter: adapter.capture(writes.observe(isolateTransactions(factory))) } : options
    },
  }
}
