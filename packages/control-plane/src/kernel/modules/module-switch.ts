import type { Db, Tx } from '../../platform/db/client.ts'

/** The switched-off modules, as the database holds them now. */
export async function readDisabledModules (db: Db): Promise<Set<string>> {
  const rows = await db.svcModuleState.findMany({ where: { enabled: false }, select: { key: true } })
  return new Set(rows.map(row => row.key))
}

/** Throws the switch, with `alongside` (e.g. its event) in the same transaction. */
export async function writeModuleSwitch (db: Db, module: string, enabled: boolean, alongside?: (tx: Tx) => Promise<unknown>): Promise<void> {
  await db.$transaction(async tx => {
    await tx.svcModuleState.upsert({ where: { key: module }, create: { key: module, enabled }, update: { enabled } })
    await alongside?.(tx)
  })
}
