import type { Db } from '../db/client.ts'
import { singleTransaction } from './single-transaction.ts'

/** Thrown out of a preview's transaction so Prisma rolls it back; never seen outside. */
class RolledBack extends Error {}

/**
 * Runs `work` in one transaction that is then rolled back, whatever it wrote: the transactions it
 * opens run inside that one (`singleTransaction`), so nothing of it is committed. `db` is the
 * package's client, so on SQLite it runs on a connection of its own and no other request's write
 * joins it (`isolatingClient`).
 */
export async function rolledBack<Result> (db: Db, work: (db: Db) => Promise<Result>): Promise<Result> {
  let done: { result: Result } | undefined
  try {
    await db.$transaction(async tx => {
      done = { result: await work(singleTransaction(tx) as unknown as Db) }
      throw new RolledBack('preview rolled back')
    })
  } catch (error) {
    if (!(error instanceof RolledBack)) throw error
  }
  if (!done) throw new Error('a rolled-back transaction ended without its result')
  return done.result
}
