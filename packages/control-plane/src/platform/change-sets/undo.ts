import { isUniqueViolation } from '../db/client.ts'
import { jsonColumn } from '../lib/json-value.ts'
import { sameJson } from '../lib/canonical-json.ts'
import { imageOf, type Change, type RowImage } from './change.ts'
import type { ModelDelegate } from './record-write.ts'

/**
 * A row a revert cannot restore, and why. `ends` when the database refused a write: on PostgreSQL
 * the transaction can run nothing more, so the revert stops there.
 */
export type RevertConflict = { entity: string, id: string | number, reason: string, ends?: true }

/** A change undone: the row, and what was undone (a create by deleting it, an update by its before image, a delete by putting the row back). */
export type Undone = { entity: string, id: string | number, undid: Change['kind'] }

type Row = Record<string, unknown>
type Method = (args: Row) => Promise<unknown>

const delegateName = (entity: string): string => entity.charAt(0).toLowerCase() + entity.slice(1)

export function delegateOf (client: object, entity: string): ModelDelegate | null {
  const delegate: unknown = (client as Record<string, unknown>)[delegateName(entity)]
  return typeof delegate === 'object' && delegate !== null && 'fields' in delegate ? delegate as ModelDelegate : null
}

const call = <Result>(delegate: ModelDelegate, method: string, args: Row): Promise<Result> => (delegate[method] as Method).call(delegate, args) as Promise<Result>

/** A stored value back in the type its column holds: the reverse of the image's JSON. */
function columnValue (typeName: string, value: unknown): unknown {
  if (value === null) return typeName === 'Json' ? jsonColumn(null) : null
  switch (typeName) {
    case 'DateTime': return new Date(value as string)
    case 'BigInt': return BigInt(value as string)
    case 'Bytes': return Buffer.from(value as string, 'base64')
    default: return value
  }
}

/** The id as its column holds it. */
export const idValue = (delegate: ModelDelegate, id: string | number): unknown => columnValue(delegate.fields.id?.typeName ?? 'String', id)

/** What a write needs to put `image` back: its columns in their types, its to-many relations as the rows they held. */
function writableImage (delegate: ModelDelegate, image: RowImage, relationWrite: 'set' | 'connect'): Row {
  const data: Row = {}
  for (const [field, value] of Object.entries(image)) {
    const column = delegate.fields[field]
    if (column) data[field] = columnValue(column.typeName, value)
    else if (Array.isArray(value)) data[field] = { [relationWrite]: value.map((id: unknown) => ({ id })) }
  }
  return data
}

const relationsOf = (delegate: ModelDelegate, image: RowImage): string[] => Object.keys(image).filter(field => !delegate.fields[field])

/** The row as it is now, in the image's form, or null when it is gone. */
export async function currentImage (delegate: ModelDelegate, id: unknown, expected: RowImage): Promise<RowImage | null> {
  const columns = Object.keys(delegate.fields)
  const relations = relationsOf(delegate, expected)
  const select = { ...Object.fromEntries(columns.map(column => [column, true])), ...Object.fromEntries(relations.map(relation => [relation, { select: { id: true } }])) }
  const row = await call<Row | null>(delegate, 'findUnique', { where: { id }, select })
  return row ? imageOf(row, columns, relations) : null
}

/** Whether the row still holds what the change left: every field the after image names, as it named it. */
const unchangedSince = (current: RowImage, after: RowImage): boolean => Object.entries(after).every(([field, value]) => sameJson(current[field], value))

/**
 * Undoes one change in `client` (a transaction's client), when the row is as the change left it:
 * a created row is deleted, an updated one gets its before image, a deleted one comes back with its
 * id and every column (sealed secrets included, bound to the same row). Otherwise the conflict.
 */
export async function undoChange (client: object, change: Change): Promise<Undone | RevertConflict> {
  const { entity, id } = change
  const delegate = delegateOf(client, entity)
  if (!delegate) return { entity, id, reason: 'this site has no such list' }
  const where = { id: idValue(delegate, id) }
  const current = await currentImage(delegate, where.id, change.after ?? change.before ?? {})
  if (change.kind === 'delete') {
    if (current) return { entity, id, reason: 'a row with its id exists again' }
    try {
      await call(delegate, 'create', { data: writableImage(delegate, change.before ?? {}, 'connect'), select: { id: true } })
    } catch (error) {
      if (isUniqueViolation(error)) return { entity, id, reason: 'a value it held (a slot, a slug, a name) was taken since', ends: true }
      throw error
    }
    return { entity, id, undid: 'delete' }
  }
  if (!current) return { entity, id, reason: 'deleted since' }
  if (change.kind === 'update' && !change.before) return { entity, id, reason: 'its state before the call was not recorded' }
  if (!unchangedSince(current, change.after ?? {})) return { entity, id, reason: 'changed since' }
  if (change.kind === 'create') {
    await call(delegate, 'delete', { where, select: { id: true } })
    return { entity, id, undid: 'create' }
  }
  const { id: _id, ...before } = writableImage(delegate, change.before ?? {}, 'set')
  await call(delegate, 'update', { where, data: before, select: { id: true } })
  return { entity, id, undid: 'update' }
}

export const isConflict = (outcome: Undone | RevertConflict): outcome is RevertConflict => 'reason' in outcome
