import type { Change } from '../../src/platform/change-sets/change.ts'

/** One field of a changed row, as a diff shows it: its value before and after (undefined: the row had no such side). */
export type FieldDiff = { field: string, before?: unknown, after?: unknown }

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null)

const hasValue = (value: unknown): boolean => value !== null && value !== undefined && value !== ''

/**
 * The fields a change touched: an update's fields whose value differs, a created row's fields
 * after and a deleted row's fields before, the empty ones left out (a row has many).
 */
export function fieldDiffs (change: Pick<Change, 'before' | 'after'>): FieldDiff[] {
  const { before, after } = change
  if (before && after) {
    const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])]
    return fields.filter(field => !same(before[field], after[field])).map(field => ({ field, before: before[field] ?? null, after: after[field] ?? null }))
  }
  if (after) return Object.entries(after).filter(([, value]) => hasValue(value)).map(([field, value]) => ({ field, after: value }))
  if (before) return Object.entries(before).filter(([, value]) => hasValue(value)).map(([field, value]) => ({ field, before: value }))
  return []
}

/** A field's value as one line of text: strings as they are ("[sealed]" stays readable), anything else as JSON. */
export function fieldText (value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value)
}
