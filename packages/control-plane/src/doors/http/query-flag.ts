import { badRequest } from '../../platform/errors/errors.ts'

/**
 * A flag in the query string: `?preview` or `?preview=true` is set, `?preview=false` or none is
 * not; anything else is refused (400 `bad_request`) rather than read as either.
 */
export function queryFlag (value: unknown): boolean | undefined {
  if (value === undefined) return undefined
  if (value === '' || value === 'true') return true
  if (value === 'false') return false
  throw badRequest('a query flag is "true", "false" or empty')
}
