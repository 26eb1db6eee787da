import { isSecretName } from '../lib/redact.ts'
import type { SecretBox } from '../secrets/secret-box.ts'
import { bindTo, sealedColumn } from '../secrets/sealed-column.ts'
import type { Change, ChangeSet, RowImage } from './change.ts'

/** A column value a stored change set keeps sealed: JSON that carries a secret-looking key. */
type SealedValue = { $sealed: string }

export const isSealedValue = (value: unknown): value is SealedValue =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && typeof (value as { $sealed?: unknown }).$sealed === 'string' && Object.keys(value).length === 1

/** The JSON a column holds: a Json column's value, or a text column's that parses as an object or array. */
function jsonIn (value: unknown): unknown {
  if (typeof value !== 'string') return value
  if (!/^\s*[[{]/.test(value)) return undefined
  try {
    return JSON.parse(value)
  } catch {
    return undefined
  }
}

function carriesSecret (value: unknown): boolean {
  if (Array.isArray(value)) return value.some(carriesSecret)
  if (typeof value !== 'object' || value === null) return false
  return Object.entries(value).some(([key, inner]) => (isSecretName(key) && inner !== null && inner !== '') || carriesSecret(inner))
}

/**
 * Whether a column's value is JSON holding a secret under a secret-looking key (a site variable
 * `{ "api_key": … }`): the audit keeps no such value in the clear (the params' redaction), so its
 * change set keeps it sealed, and a caller reads it as `"[sealed]"`.
 */
export const holdsSecret = (value: unknown): boolean => carriesSecret(jsonIn(value))

const bindingOf = (change: Change, column: string) => bindTo(sealedColumn(change.entity, column, 'id'), String(change.id))

function mapImage (image: RowImage | null, map: (column: string, value: unknown) => unknown): RowImage | null {
  return image && Object.fromEntries(Object.entries(image).map(([column, value]) => [column, map(column, value)]))
}

function mapValues (changeSet: ChangeSet, map: (change: Change, column: string, value: unknown) => unknown): ChangeSet {
  return { ...changeSet, changes: changeSet.changes.map(change => ({ ...change, before: mapImage(change.before, (column, value) => map(change, column, value)), after: mapImage(change.after, (column, value) => map(change, column, value)) })) }
}

/** The change set as the audit entry stores it: every value that holds a secret sealed, bound to its row and column. */
export function storedChangeSet (secrets: SecretBox, changeSet: ChangeSet | null): ChangeSet | null {
  return changeSet && mapValues(changeSet, (change, column, value) =>
    holdsSecret(value) ? { $sealed: secrets.seal(JSON.stringify(value), bindingOf(change, column)) } : value)
}

/** A stored change set with its sealed values opened again: what a revert puts back. */
export function openedChangeSet (secrets: SecretBox, changeSet: ChangeSet | null): ChangeSet | null {
  return changeSet && mapValues(changeSet, (change, column, value) =>
    isSealedValue(value) ? JSON.parse(secrets.open(value.$sealed, bindingOf(change, column))) as unknown : value)
}
