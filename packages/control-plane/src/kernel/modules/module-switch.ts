import type { Db, Tx } from '../../platform/db/client.ts'

/**
 * How long a process trusts what it last read of the module switches. A switch made through this
 * process applies at once (the cache is refreshed by the switch itself); one made through another
 * instance applies here within this long. Saves a query on every dispatch.
 */
const MODULE_STATE_TTL_MS = 1000

type Snapshot = { readAt: number, disabled: Set<string> }

const snapshots = new WeakMap<Db, Snapshot>()

/** The switched-off modules, read from the database now (and remembered for `isModuleEnabled`). */
export async function disabledModules (db: Db): Promise<Set<string>> {
  const rows = await db.svcModuleState.findMany({ where: { enabled: false }, select: { key: true } })
  const disabled = new Set(rows.map(row => row.key))
  snapshots.set(db, { readAt: Date.now(), disabled })
  return disabled
}

/** Whether a module's switch is on; a fresh snapshot of the switches is reused for a moment. */
export async function isModuleEnabled (db: Db, module: string): Promise<boolean> {
  const snapshot = snapshots.get(db)
  const disabled = snapshot && Date.now() - snapshot.readAt < MODULE_STATE_TTL_MS ? snapshot.disabled : await disabledModules(db)
  return !disabled.has(module)
}

/**
 * Throws the switch (with `alongside`, e.g. its event, in the same transaction), then re-reads
 * every switch so this process sees the change at once.
 */
export async function setModuleEnabled (db: Db, module: string, enabled: boolean, alongside?: (tx: Tx) => Promise<unknown>): Promise<Set<string>> {
  await db.$transaction(async tx => {
    await tx.svcModuleState.upsert({ where: { key: module }, create: { key: module, enabled }, update: { enabled } })
    await alongside?.(tx)
  })
  return disabledModules(db)
}
