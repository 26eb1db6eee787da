import type { Db } from '../../db/client.ts'

/** One entry of `status.get`'s `counts`; each resource declares its own beside its operations. */
export type StatusCounter = { key: string, count: (db: Db) => Promise<number> }
