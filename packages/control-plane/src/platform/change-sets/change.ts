/** What a write did to one row: `create` has no before image, `delete` no after image. */
type ChangeKind = 'create' | 'update' | 'delete'

/** A row as JSON: dates as ISO strings, big integers and decimals as strings, bytes in base64; a to-many relation the write touched as its ids. */
export type RowImage = Record<string, unknown>

/** One row a call wrote: its entity (the Keystone list, which is the Prisma model), id, kind and images. */
export type Change = {
  entity: string
  id: string | number
  kind: ChangeKind
  before: RowImage | null
  after: RowImage | null
}

/**
 * What a call caused that leaves the site, read from the bookkeeping rows it wrote: an event (its
 * type), a message the outbox sends (its topic, and whom it is for: a webhook subscription, a contact).
 */
export type Effect = { kind: 'event' | 'message', name: string, target?: string | undefined }

/**
 * What one call changed, kept with its audit entry. `complete` is false when the call wrote more
 * rows than a change set holds (`MAX_RECORDED_ROWS`): such a call cannot be reverted.
 */
export type ChangeSet = {
  changes: Change[]
  effects: Effect[]
  complete: boolean
  /** What a preview would have changed: rolled back, nothing of it happened (no revert undoes it). */
  preview?: true
}

function isDecimal (value: object): boolean {
  return value.constructor?.name === 'Decimal' && typeof (value as { toFixed?: unknown }).toFixed === 'function'
}

/** One stored value as JSON: what a column of any Prisma scalar type holds, or a relation's rows as their ids. */
function jsonValue (value: unknown): unknown {
  if (value instanceof Date) return value.toISOString()
  if (typeof value === 'bigint') return value.toString()
  if (value instanceof Uint8Array) return Buffer.from(value).toString('base64')
  if (Array.isArray(value)) return value.map((item: unknown) => typeof item === 'object' && item !== null && 'id' in item ? jsonValue(item.id) : jsonValue(item))
  if (typeof value === 'object' && value !== null && isDecimal(value)) return (value as { toString: () => string }).toString()
  return value
}

/**
 * A row as a change set keeps it: its columns, and the to-many relations the write touched as the
 * ids they hold (a to-one relation is its foreign key column, already among the columns).
 */
export function imageOf (row: Record<string, unknown>, columns: readonly string[], relations: readonly string[]): RowImage {
  const image: RowImage = {}
  for (const column of columns) if (column in row) image[column] = jsonValue(row[column])
  for (const relation of relations) if (Array.isArray(row[relation])) image[relation] = jsonValue(row[relation])
  return image
}

/** The id a change names, as JSON. */
export const idOf = (row: Record<string, unknown>): string | number => jsonValue(row.id) as string | number

/** What a call would do, as a preview answers it (`data.preview`) and an approval keeps it for its approver. */
export type Preview = {
  operation: string
  /** The rows it would write, secret columns `"[sealed]"`. */
  changes: Change[]
  effects: Effect[]
  /** What it would answer, one-time secrets `"[preview]"`. */
  result: unknown
}
