import type { SqlDriverAdapterFactory } from '@prisma/driver-adapter-utils'
import { TableWrites } from './write-observer.ts'
import { AdapterHandle } from './adapter-handle.ts'

export type WatchedHostAdapter<Options> = {
  /** The host's `db.prismaClientOptions`, its driver adapter wrapped. */
  prismaClientOptions: () => Options
  /** This process's writes to `tables`, once Prisma asked for the adapter. */
  writes: TableWrites
  /** The adapter once Prisma connected it. */
  adapter: AdapterHandle
}

/**
 * Wraps the driver adapter the host's Keystone config gives Prisma, so the plugin sees this
 * process's writes to some tables and can reach the connected adapter. A config without an
 * adapter is left alone; nothing then observes (`writes.observing` stays false).
 */
export function watchHostAdapter<Options> (prismaClientOptions: () => Options, tables: readonly string[]): WatchedHostAdapter<Options> {
  const writes = new TableWrites(tables)
  const adapter = new AdapterHandle()
  return {
    writes,
    adapter,
    prismaClientOptions: () => {
      const options = prismaClientOptions()
      const factory = (options as { adapter?: SqlDriverAdapterFactory }).adapter
      return factory ? { ...options, adapter: adapter.capture(writes.observe(factory)) } : options
    },
  }
}
