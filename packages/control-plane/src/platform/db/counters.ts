import { randomUUID } from 'node:crypto'
import type { Db, Tx } from './client.ts'

/**
 * Raises a high-water-mark counter to at least `value`, in one statement (an upsert that only ever
 * raises), so it can run inside the transaction that makes the change the counter records:
 * concurrent raises from several processes keep the largest value, and none fails on the key.
 */
export async function raiseHighWaterMark (db: Db | Tx, key: string, value: number): Promise<void> {
  await db.$executeRaw`INSERT INTO "svc_counters" ("id", "key", "value") VALUES (${randomUUID()}, ${key}, ${value})
    ON CONFLICT ("key") DO UPDATE SET "value" = excluded."value" WHERE "svc_counters"."value" < excluded."value"`
}
