/** Timestamps leave the API as ISO 8601 strings in UTC, or null. */
export const isoOrNull = (date: Date | null | undefined): string | null => date ? date.toISOString() : null
