import { randomUUID } from 'node:crypto'
import type { Db } from '../db/client.ts'
import type { Identity } from '../auth/identity.ts'

/** Counter keys of deprecated uses: `deprecated_use <what> <caller>`; neither part holds a space. */
const PREFIX = 'deprecated_use '

/** Who made a call, as an administrator finds them: the key, the OAuth client, or the signed-in account. */
export function callerLabel (identity: Pick<Identity, 'mode' | 'keyId' | 'clientId'> & { account: Pick<Identity['account'], 'email'> }): string {
  if (identity.mode === 'api_key' && identity.keyId) return `api_key:${identity.keyId}`
  if (identity.mode === 'oauth' && identity.clientId) return `oauth:${identity.clientId}`
  return `session:${identity.account.email}`
}

/**
 * Counts one call's uses of deprecated operations, params and fields (`crm.old_list`,
 * `crm.list params.legacy`) for its caller, one upsert each in `svc_counters`, so every
 * instance adds to the same totals and the status page can say who still calls them.
 */
export async function countDeprecatedUses (db: Db, uses: readonly string[], caller: string): Promise<void> {
  for (const use of uses) {
    const key = `${PREFIX}${use.replaceAll(' ', '#')} ${caller.replaceAll(' ', '_')}`
    await db.$executeRaw`INSERT INTO "svc_counters" ("id", "key", "value") VALUES (${randomUUID()}, ${key}, 1)
      ON CONFLICT ("key") DO UPDATE SET "value" = "svc_counters"."value" + 1`
  }
}

export type DeprecatedUseCount = { use: string, caller: string, count: number }

/** Every deprecated use counted so far, by use and caller, the most used first. */
export async function readDeprecatedUses (db: Db): Promise<DeprecatedUseCount[]> {
  const rows = await db.svcCounter.findMany({ where: { key: { startsWith: PREFIX } }, select: { key: true, value: true } })
  return rows.map(row => {
    const [use = '', caller = ''] = row.key.slice(PREFIX.length).split(' ')
    return { use: use.replaceAll('#', ' '), caller, count: row.value }
  }).sort((a, b) => b.count - a.count || a.use.localeCompare(b.use) || a.caller.localeCompare(b.caller))
}
