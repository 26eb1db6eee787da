import { isUniqueViolation } from './client.ts'

/**
 * Runs `attempt` again (up to `attempts` times in all) while it fails with an error `retryable`
 * accepts. `attempt` must be a whole transaction: on PostgreSQL a failed statement spoils the
 * transaction it ran in, so only a fresh one can read the state that beat it.
 */
export async function retryWhen<T> (retryable: (error: unknown) => boolean, attempt: () => Promise<T>, attempts = 5): Promise<T> {
  for (let round = 1; ; round++) {
    try {
      return await attempt()
    } catch (error) {
      if (!retryable(error) || round >= attempts) throw error
    }
  }
}

/** For a transaction that lost a race on a unique constraint (another process took the same slug first). */
export function retryOnUniqueViolation<T> (attempt: () => Promise<T>, attempts = 5): Promise<T> {
  return retryWhen(isUniqueViolation, attempt, attempts)
}
