import { sameJson } from '../lib/canonical-json.ts'
import { idOf, imageOf, type Change, type RowImage } from './change.ts'
import type { ChangeRecording } from './change-recording.ts'

type Args = Record<string, unknown>
type Row = Record<string, unknown>
type Method = (args: Args) => Promise<unknown>

/** A Prisma model delegate as recording reads it: its scalar fields (a public field reference each) and its methods. */
export type ModelDelegate = { fields: Record<string, { typeName: string }> } & Record<string, unknown>

/** The delegate methods that read one row by a unique key: recorded, their whole row spares an update its own read before. */
export const UNIQUE_READS: ReadonlySet<string> = new Set(['findUnique', 'findUniqueOrThrow'])

/** The delegate methods that write rows. */
export const WRITE_METHODS: ReadonlySet<string> = new Set(['create', 'createMany', 'createManyAndReturn', 'update', 'updateMany', 'updateManyAndReturn', 'upsert', 'delete', 'deleteMany'])

/** One model as a write sees it: its delegate, its name (the Keystone list) and its columns. */
type Model = { delegate: ModelDelegate, name: string, columns: readonly string[] }

const run = <Result>(model: Model, method: string, args: Args): Promise<Result> => (model.delegate[method] as Method).call(model.delegate, args) as Promise<Result>

const asArgs = (value: unknown): Args => typeof value === 'object' && value !== null ? value as Args : {}

const everyColumn = (model: Model): Args => Object.fromEntries(model.columns.map(column => [column, true]))

const relationIds = (relations: readonly string[]): Args => Object.fromEntries(relations.map(relation => [relation, { select: { id: true } }]))

/** The to-many relations a write's data touches (`members: { connect: … }`): whatever it names that is not a column. */
function relationsWritten (model: Model, ...data: unknown[]): string[] {
  const names = data.flatMap(value => Object.keys(asArgs(value)))
  return [...new Set(names)].filter(name => !model.columns.includes(name))
}

/**
 * A write's arguments asking for the whole row (every column, the relations it touches as ids),
 * and how to give the caller back only what it asked for: a change set needs no read after a write.
 */
function widened (model: Model, args: Args, relations: readonly string[]): { args: Args, answer: (row: Row) => Row } {
  const { select, include, omit, ...rest } = args
  if (select) {
    const asked = Object.keys(asArgs(select)).filter(key => asArgs(select)[key])
    return { args: { ...rest, select: { ...everyColumn(model), ...relationIds(relations), ...asArgs(select) } }, answer: row => Object.fromEntries(asked.map(key => [key, row[key]])) }
  }
  const added = relations.filter(relation => !(include && relation in asArgs(include)))
  const hidden = [...added, ...Object.keys(asArgs(omit)).filter(key => asArgs(omit)[key])]
  const wide = include || added.length > 0 ? { ...rest, include: { ...relationIds(added), ...asArgs(include) } } : rest
  return { args: wide, answer: hidden.length === 0 ? row => row : row => Object.fromEntries(Object.entries(row).filter(([key]) => !hidden.includes(key))) }
}

function push (recording: ChangeRecording, change: Change): void {
  // A write that left the row as it was (an update to the same values) changed nothing.
  if (change.kind === 'update' && sameJson(change.before, change.after)) return
  recording.changes.push(change)
}

const imageOrNull = (model: Model, row: Row | null | undefined, relations: readonly string[]): RowImage | null => row ? imageOf(row, model.columns, relations) : null

async function recordCreate (model: Model, args: Args, recording: ChangeRecording): Promise<unknown> {
  if (!recording.take(1)) return run(model, 'create', args)
  const relations = relationsWritten(model, args.data)
  const { args: wide, answer } = widened(model, args, relations)
  const row = await run<Row>(model, 'create', wide)
  push(recording, { entity: model.name, id: idOf(row), kind: 'create', before: null, after: imageOf(row, model.columns, relations) })
  return answer(row)
}

async function recordCreateMany (model: Model, method: string, args: Args, recording: ChangeRecording): Promise<unknown> {
  if (!recording.take([args.data ?? []].flat().length)) return run(model, method, args)
  const { args: wide, answer } = widened(model, method === 'createMany' ? { ...args, select: everyColumn(model) } : args, [])
  const rows = await run<Row[]>(model, 'createManyAndReturn', wide)
  for (const row of rows) push(recording, { entity: model.name, id: idOf(row), kind: 'create', before: null, after: imageOf(row, model.columns, []) })
  return method === 'createMany' ? { count: rows.length } : rows.map(answer)
}

/**
 * `update` and `upsert`: the row as the handler read it by the same key (asked whole), else read
 * before (the one extra read a change set may cost), written with the whole row asked back.
 */
async function recordUpdate (model: Model, method: 'update' | 'upsert', args: Args, recording: ChangeRecording): Promise<unknown> {
  if (!recording.take(1)) return run(model, method, args)
  const relations = method === 'update' ? relationsWritten(model, args.data) : relationsWritten(model, args.create, args.update)
  const read = relations.length === 0 ? recording.readBefore(model.name, args.where) : undefined
  const before = read ?? await run<Row | null>(model, 'findUnique', { where: args.where, select: { ...everyColumn(model), ...relationIds(relations) } })
  const { args: wide, answer } = widened(model, args, relations)
  const row = await run<Row>(model, method, wide)
  push(recording, { entity: model.name, id: idOf(row), kind: before || method === 'update' ? 'update' : 'create', before: imageOrNull(model, before, relations), after: imageOf(row, model.columns, relations) })
  return answer(row)
}

async function recordDelete (model: Model, args: Args, recording: ChangeRecording): Promise<unknown> {
  if (!recording.take(1)) return run(model, 'delete', args)
  // The deleted row comes back from the delete itself: no read before it.
  const { args: wide, answer } = widened(model, args, [])
  const row = await run<Row>(model, 'delete', wide)
  push(recording, { entity: model.name, id: idOf(row), kind: 'delete', before: imageOf(row, model.columns, []), after: null })
  return answer(row)
}

/** The rows a many-row write will touch, read first (one read for all of them), or null when they do not fit in the change set. */
async function rowsBefore (model: Model, where: unknown, recording: ChangeRecording): Promise<Row[] | null> {
  const room = recording.room()
  if (room === 0) return recording.take(1) ? [] : null
  const rows = await run<Row[]>(model, 'findMany', { where, select: everyColumn(model), take: room + 1 })
  return recording.take(rows.length) ? rows : null
}

async function recordUpdateMany (model: Model, method: string, args: Args, recording: ChangeRecording): Promise<unknown> {
  const before = await rowsBefore(model, args.where, recording)
  if (!before || before.length === 0) return run(model, method, args)
  const byId = new Map(before.map(row => [String(idOf(row)), row]))
  const { args: wide, answer } = widened(model, method === 'updateMany' ? { ...args, select: everyColumn(model) } : args, [])
  const rows = await run<Row[]>(model, 'updateManyAndReturn', wide)
  for (const row of rows) {
    push(recording, { entity: model.name, id: idOf(row), kind: 'update', before: imageOrNull(model, byId.get(String(idOf(row))), []), after: imageOf(row, model.columns, []) })
  }
  return method === 'updateMany' ? { count: rows.length } : rows.map(answer)
}

async function recordDeleteMany (model: Model, args: Args, recording: ChangeRecording): Promise<unknown> {
  const before = await rowsBefore(model, args.where, recording)
  if (!before || before.length === 0) return run(model, 'deleteMany', args)
  // Exactly the rows recorded, and only while they still match what the caller asked for.
  const ids = before.map(row => row.id)
  const result = await run<{ count: number }>(model, 'deleteMany', { ...args, where: { AND: [asArgs(args.where), { id: { in: ids } }] } })
  for (const row of before) push(recording, { entity: model.name, id: idOf(row), kind: 'delete', before: imageOf(row, model.columns, []), after: null })
  return result
}

/**
 * A read of one row by a unique key in a call that records: asked whole (the same query, every
 * column), remembered for an update of that row, answered as the handler asked it.
 */
export async function recordRead (delegate: ModelDelegate, name: string, method: string, args: Args, recording: ChangeRecording): Promise<unknown> {
  const model: Model = { delegate, name, columns: Object.keys(delegate.fields) }
  const { args: wide, answer } = widened(model, args, [])
  const row = await run<Row | null>(model, method, wide)
  if (!row) return row
  recording.rememberRead(name, args.where, row)
  return answer(row)
}

/** One write of a recorded call: run as asked, its rows recorded on `recording`. */
export function recordWrite (delegate: ModelDelegate, name: string, method: string, args: Args, recording: ChangeRecording): Promise<unknown> {
  // What was read of the list before this write is not what it holds after.
  return written(delegate, name, method, args, recording).finally(() => recording.forgetReads(name))
}

function written (delegate: ModelDelegate, name: string, method: string, args: Args, recording: ChangeRecording): Promise<unknown> {
  const model: Model = { delegate, name, columns: Object.keys(delegate.fields) }
  switch (method) {
    case 'create': return recordCreate(model, args, recording)
    case 'createMany':
    case 'createManyAndReturn': return recordCreateMany(model, method, args, recording)
    case 'update':
    case 'upsert': return recordUpdate(model, method, args, recording)
    case 'delete': return recordDelete(model, args, recording)
    case 'updateMany':
    case 'updateManyAndReturn': return recordUpdateMany(model, method, args, recording)
    default: return recordDeleteMany(model, args, recording)
  }
}
