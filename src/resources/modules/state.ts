import type { Db } from '../../db/client.ts'
import { isLockedModule } from './catalogue.ts'
import { SvcError } from '../../errors.ts'

export async function disabledModules (db: Db): Promise<Set<string>> {
  const rows = await db.svcModuleState.findMany({ where: { enabled: false }, select: { key: true } })
  return new Set(rows.map(row => row.key))
}

export async function isModuleEnabled (db: Db, module: string): Promise<boolean> {
  if (isLockedModule(module)) return true
  const row = await db.svcModuleState.findUnique({ where: { key: module }, select: { enabled: true } })
  return row?.enabled ?? true
}

/** Read from the database on every call, so switching a module applies to every instance at once. */
export async function assertModuleEnabled (db: Db, module: string): Promise<void> {
  if (!await isModuleEnabled(db, module)) {
    throw new SvcError('module_disabled', `the ${module} module is disabled; enable it with modules.enable`, { module })
  }
}
