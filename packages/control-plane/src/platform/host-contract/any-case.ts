/**
 * A Prisma filter for text equal to `value` in any letter case. PostgreSQL compares so itself
 * (`mode: 'insensitive'`); SQLite's LIKE, which `startsWith`/`endsWith` use, ignores the case of
 * ASCII letters, and what it lets through besides (a longer text that starts and ends with the
 * value) is narrowed by {@link sameAnyCase} on the rows it gives.
 */
export function anyCaseWhere (field: string, value: string, insensitive: boolean): Record<string, unknown> {
  return insensitive
    ? { [field]: { equals: value, mode: 'insensitive' } }
    : { AND: [{ [field]: { startsWith: value } }, { [field]: { endsWith: value } }] }
}

/** The key two texts share when they are equal in any letter case. */
export const anyCaseKey = (value: string) => value.trim().toLowerCase()

export const sameAnyCase = (a: unknown, b: string) => typeof a === 'string' && anyCaseKey(a) === anyCaseKey(b)
