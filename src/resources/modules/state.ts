import type { Db } from '../../db/client.ts'
import { isLockedModule } from './catalogue.ts'
import { SvcError } from '../../errors.ts'

/**
 * How long a process trusts what it last read of the module switches. A switch made through this
 * process applies at once (the cache is refreshed by the switch itself); one made through another
 * instance applies here within this long. Saves a query on every dispatch.
 */
export const MODULE_STATE_TTL_MS = 1000

type Snapshot = { readAt: number, disabled: Set<string> }

const snapshots = new WeakMap<Db, Snapshot>()

/** The disabled modules, read from the database now (and remembered for `isModuleEnabled`). */
export async function disabledModules (db: Db): Promise<Set<string>> {
  const rows = await db.svcModuleState.findMany({ where: { enabled: false }, select: { key: true } })
  const disabled = new Set(rows.map(row => row.key))
  snapshots.set(db, { readAt: Date.now(), disabled })
  return disabled
}

export async function isModuleEnabled (db: Db, module: string): Promise<boolean> {
  if (isLockedModule(module)) return true
  const snapshot = snapshots.get(db)
  const disabled = snapshot && Date.now() - snapshot.readAt < MODULE_STATE_TTL_MS ? snapshot.disabled : await disabledModules(db)
  return !disabled.has(module)
}

export async function assertModuleEnabled (db: Db, module: string): Promise<void> {
  if (!await isModuleEnabled(db, module)) {
    throw new SvcError('module_disabled', `the ${module} module is disabled; enable it with modules.enable`, { module })
  }
}
