/** The slug of the category every site starts with, which `strip_uncategorized` removes. */
export const UNCATEGORIZED = 'uncategorized'

/**
 * What one write may ask of the terms tables: every new name is a row written under the
 * database's write lock, so a caller's list is bounded before any of it is stored.
 */
export const TERM_LIMITS = { perField: 50, nameLength: 100 } as const

/** Why these names of one field exceed `TERM_LIMITS`, or null when they fit. */
export function termLimitProblem (field: string, names: readonly string[]): string | null {
  if (names.length > TERM_LIMITS.perField) {
    return `${field} has ${names.length} names; at most ${TERM_LIMITS.perField} are allowed`
  }
  const long = names.find(name => name.length > TERM_LIMITS.nameLength)
  if (long !== undefined) {
    return `${field} has a name of ${long.length} characters; names are at most ${TERM_LIMITS.nameLength} characters`
  }
  return null
}
