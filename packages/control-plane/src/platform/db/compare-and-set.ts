import { isUniqueViolation } from './client.ts'
import { conflict } from '../errors/errors.ts'

/** What an attempt returns when another writer changed the row between its read and its write. */
export const STALE = Symbol('stale')

/**
 * A read-modify-write that holds across processes without locks: `attempt` reads, computes, and
 * writes only if the row is still as it read it (see `writeIfUnchanged`); when it is not, the
 * attempt runs again on fresh state. Persistent contention is a 409 rather than a lost update.
 */
export async function untilWritten<T> (attempt: () => Promise<T | typeof STALE>, maxAttempts = 8): Promise<T> {
  for (let tries = 0; tries < maxAttempts; tries++) {
    const result = await attempt()
    if (result !== STALE) return result
  }
  throw conflict('the record kept changing while this call ran; try again')
}

export type VersionedWrite = {
  /** Inserts the row; a unique key makes a concurrent insert of the same row fail. */
  create: () => Promise<unknown>
  /** Updates where the version still equals `version`, bumping it; resolves with the count. */
  update: (version: number) => Promise<{ count: number }>
}

/** Writes over `current` (null: the row did not exist) only if nobody wrote since it was read. */
export async function writeIfUnchanged (current: { version: number } | null, write: VersionedWrite): Promise<boolean> {
  if (current) return (await write.update(current.version)).count === 1
  try {
    await write.create()
    return true
  } catch (error) {
    if (isUniqueViolation(error)) return false
    throw error
  }
}
