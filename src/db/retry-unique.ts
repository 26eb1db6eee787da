import { isUniqueViolation } from './client.ts'

/**
 * Runs `attempt` again when it lost a race on a unique constraint (another process took the
 * same slug first). `attempt` must be a whole transaction: on PostgreSQL a failed statement
 * spoils the transaction it ran in, so only a fresh one can pick the next free value.
 */
export async function retryOnUniqueViolation<T> (attempt: () => Promise<T>, attempts = 5): Promise<T> {
  for (let round = 1; ; round++) {
    try {
      return await attempt()
    } catch (error) {
      if (!isUniqueViolation(error) || round >= attempts) throw error
    }
  }
}
