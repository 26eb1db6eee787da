import { internal, SvcError, unavailable } from './errors.ts'
import { isDatabaseUnavailable } from '../db/connection-error.ts'

/** Anything that is not an SvcError is a bug: logged in full, answered as `internal` without detail. */
export function toSvcError (error: unknown, log: (message: string, error: unknown) => void): SvcError {
  if (error instanceof SvcError) {
    if (error.code === 'internal') log('internal error', error.cause ?? error)
    return error
  }
  if (isDatabaseUnavailable(error)) {
    log('database unavailable', error)
    return unavailable(error)
  }
  log('unexpected error', error)
  return internal(error)
}
