import type { Prisma } from '../../../generated/prisma/client.ts'
import type { Db, Tx } from '../db/client.ts'
import type { DatabaseProvider } from '../db/database-url.ts'
import { placeholder } from '../db/sql-placeholder.ts'
import { canonicalJson } from '../lib/canonical-json.ts'
import type { BackgroundTasks } from '../lib/background-tasks.ts'
import { stateSlot, type RuntimeState } from '../lib/runtime-state.ts'
import { auditWhere, keptFiltersOf, keptFiltersSql, matchesKept, type AuditFilters, type KeptColumns, type KeptFilters } from './audit-filters.ts'

/**
 * `audit.list`'s `total` without counting a million rows: per combination of the kept filters, the
 * matching entries with ids up to a watermark are counted once and kept (`svc_kept_counts`), and
 * each call adds an indexed count of the matching entries above it, in one statement. The
 * watermark is the id of an entry written at least `WATERMARK_LAG_MS` ago: ids are the database's
 * (SQLite AUTOINCREMENT, never reused; a PostgreSQL sequence), so below it no entry can still
 * appear — an audit INSERT is one short statement, and a sequence hands out ids in order even where
 * commits land out of it. Below it rows only go, through the pruner, which takes them off the kept
 * totals in the transaction that deletes them (`retirePrunedFromTotals`). So the answer is what
 * `COUNT(*)` gives at that moment, on any instance; see docs/performance.md#audit-totals.
 *
 * Rows of `svc_kept_counts` used here: `audit.list:watermark` (its count is the id the totals are
 * counted through, its time when that was moved), `audit.list:prune-batches` (prune batches seen:
 * a computation that straddles one is thrown away), and `audit.list:total:<filters>` per combination.
 */

/** How old an entry must be for its id to be a watermark: far longer than an audit INSERT takes (the writer gives up after 30 s). */
export const WATERMARK_LAG_MS = 5 * 60_000
/** A watermark older than this is moved up, in the background, on the next call that reads it. */
export const KEPT_TOTAL_MAX_AGE_MS = 60_000
/** A combination matching fewer entries is counted live on every call: an index range that short costs less than keeping it. */
export const KEEP_TOTAL_FROM = 1_000
/** Combinations kept at most; any other is counted live. Bounds the table and a prune batch's work. */
const MAX_KEPT_TOTALS = 200

const WATERMARK_KEY = 'audit.list:watermark'
const PRUNES_KEY = 'audit.list:prune-batches'
const TOTAL_PREFIX = 'audit.list:total:'
/** A computation thrown away this often (prunes or moves kept landing meanwhile) waits for the next call. */
const ATTEMPTS = 3
/**
 * Background counts read this many ids per statement: on SQLite a statement holds the event loop
 * and the connection while it runs, and a first count of a million entries in one would hold them
 * for a second.
 */
const IDS_PER_READ = 100_000

type TotalsContext = { db: Db, provider: DatabaseProvider, now: () => Date, background: BackgroundTasks, state: RuntimeState }

type Reader = Db | Tx
type Marks = { watermark: number | null, prunes: number | null }
type TotalRow = { kept: number | bigint | null, above: number | bigint, watermark: number | bigint, watermarkAt: Date | string | number | null }
type Group = KeptColumns & { entries: number }

const totalKey = (filters: KeptFilters) => TOTAL_PREFIX + canonicalJson(filters)
const filtersOfKey = (key: string) => JSON.parse(key.slice(TOTAL_PREFIX.length)) as KeptFilters

async function readMarks (reader: Reader): Promise<Marks> {
  const rows = await reader.svcKeptCount.findMany({ where: { key: { in: [WATERMARK_KEY, PRUNES_KEY] } }, select: { key: true, count: true } })
  const countOf = (key: string) => rows.find(row => row.key === key)?.count ?? null
  return { watermark: countOf(WATERMARK_KEY), prunes: countOf(PRUNES_KEY) }
}

/**
 * Reads that must see committed rows only. On SQLite the host's one connection runs every
 * statement of the process, so a statement outside a transaction sees another transaction's
 * uncommitted half (a prune batch between its count and its delete); one inside a transaction of
 * its own waits for it, as the adapter runs one at a time. A PostgreSQL statement never sees one.
 */
function committed<T> ({ db, provider }: TotalsContext, read: (reader: Reader) => Promise<T>): Promise<T> {
  return provider === 'sqlite' ? db.$transaction(tx => read(tx)) : read(db)
}

/** `read` over the ids after `after` up to `through`, a range of `IDS_PER_READ` at a time, each read committed. */
async function byIdRanges<T> (context: TotalsContext, after: number, through: number, read: (reader: Reader, ids: { gt: number, lte: number }) => Promise<T>): Promise<T[]> {
  const oldest = await committed(context, reader => reader.svcAuditEntry.findFirst({ where: { id: { gt: after } }, orderBy: { id: 'asc' }, select: { id: true } }))
  const results: T[] = []
  for (let from = Math.max(after, (oldest?.id ?? through) - 1); from < through; from += IDS_PER_READ) {
    const ids = { gt: from, lte: Math.min(from + IDS_PER_READ, through) }
    results.push(await committed(context, reader => read(reader, ids)))
  }
  return results
}

/**
 * Runs `change` if the watermark and the prune batches are still what the caller saw before it
 * counted; false if not. The first statement locks the prune-batches row, which every prune batch
 * updates first too: a prune and a change to the totals never interleave (on SQLite it is the
 * write lock, taken by a write before any read, so another process's write meanwhile cannot fail it).
 */
async function ifMarksUnchanged ({ db, provider }: TotalsContext, seen: Marks, change: (tx: Tx) => Promise<void>): Promise<boolean> {
  return db.$transaction(async tx => {
    await tx.$executeRawUnsafe(`UPDATE "svc_kept_counts" SET "count" = "count" WHERE "key" = ${placeholder(provider, 0)}`, PRUNES_KEY)
    const marks = await readMarks(tx)
    if (marks.watermark !== seen.watermark || marks.prunes !== seen.prunes) return false
    await change(tx)
    return true
  })
}

/** The id of the newest entry written `WATERMARK_LAG_MS` ago or earlier (the last of its time), by the `at` index. */
async function watermarkCandidate (context: TotalsContext): Promise<number | null> {
  const oldEnough = new Date(context.now().getTime() - WATERMARK_LAG_MS)
  const newest = await committed(context, reader => reader.svcAuditEntry.findFirst({ where: { at: { lte: oldEnough } }, orderBy: [{ at: 'desc' }, { id: 'desc' }], select: { id: true } }))
  return newest?.id ?? null
}

/** Entries matching `where`, counted per combination of the kept columns. */
async function countByColumns (reader: Reader, where: Prisma.SvcAuditEntryWhereInput): Promise<Group[]> {
  const groups = await reader.svcAuditEntry.groupBy({ by: ['operation', 'channel', 'ok'], where, _count: { _all: true } })
  return groups.map(group => ({ operation: group.operation, channel: group.channel, ok: group.ok, entries: group._count._all }))
}

/** Adds (`sign` 1) or takes off (-1) the grouped entries from every kept total they match. */
async function applyToTotals (tx: Tx, groups: readonly Group[], sign: 1 | -1): Promise<void> {
  if (groups.length === 0) return
  const totals = await tx.svcKeptCount.findMany({ where: { key: { startsWith: TOTAL_PREFIX } }, select: { key: true } })
  for (const { key } of totals) {
    const filters = filtersOfKey(key)
    const entries = groups.reduce((sum, group) => matchesKept(filters, group) ? sum + group.entries : sum, 0)
    if (entries > 0) await tx.svcKeptCount.update({ where: { key }, data: { count: { increment: sign * entries } } })
  }
}

/**
 * The first page's statement: the combination's kept total; the matching entries above
 * `watermark`, an index range (`(operation, id)`, `(channel, id)`, `(ok, id)` or the primary key)
 * planned for the value itself, which a reference to the watermark's row would hide from
 * PostgreSQL's planner; and the watermark as stored, which the total is right for only if it is
 * `watermark`. No row when there is no watermark; `kept` null when the combination is not kept.
 * Exported for the plan check (test/growth-indexes.test.ts).
 */
export function keptTotalStatement (provider: DatabaseProvider, filters: KeptFilters, watermark: number): { sql: string, args: Array<string | number> } {
  const args: Array<string | number> = []
  const bind = (value: string | number) => {
    args.push(value)
    return placeholder(provider, args.length - 1)
  }
  const above = [`a."id" > ${bind(watermark)}`, ...keptFiltersSql(filters, 'a', bind)].join(' AND ')
  const sql = `SELECT t."count" AS "kept", (SELECT COUNT(*) FROM "svc_audit_entries" a WHERE ${above}) AS "above", w."count" AS "watermark", w."countedAt" AS "watermarkAt"` +
    ` FROM "svc_kept_counts" w LEFT JOIN "svc_kept_counts" t ON t."key" = ${bind(totalKey(filters))} WHERE w."key" = ${bind(WATERMARK_KEY)}`
  return { sql, args }
}

/** The watermark this runtime saw last: a guess the statement checks, so one statement answers; never trusted. */
const lastWatermark = stateSlot('the audit totals\' last watermark seen', () => ({ seen: null as number | null }))

/** The kept-total statement's row at the stored watermark, or undefined when there is none (or it moved twice meanwhile). */
async function readKeptTotal (context: TotalsContext, filters: KeptFilters): Promise<TotalRow | undefined> {
  const last = context.state.get(lastWatermark)
  let watermark = last.seen ?? (await readMarks(context.db)).watermark
  for (let attempt = 0; watermark !== null && attempt < 2; attempt++) {
    const { sql, args } = keptTotalStatement(context.provider, filters, watermark)
    const [row] = await committed(context, reader => reader.$queryRawUnsafe<TotalRow[]>(sql, ...args))
    if (row === undefined) return undefined
    last.seen = Number(row.watermark)
    if (Number(row.watermark) === watermark) return row
    watermark = Number(row.watermark)
  }
  return undefined
}

const isStale = (movedAt: TotalRow['watermarkAt'], now: Date) => movedAt === null || now.getTime() - new Date(movedAt).getTime() > KEPT_TOTAL_MAX_AGE_MS

/** This process's background work on the totals, one task at a time each, on the runtime's tasks. */
function inBackground ({ background }: TotalsContext, task: string, work: () => Promise<void>): void {
  background.run(`audit-total:${task}`, `audit.list: could not ${task === 'advance' ? 'move the watermark of the kept totals' : `keep the total ${task}`}`, work)
}

/**
 * The `total` of an `audit.list` page: kept total + the entries above the watermark for a kept
 * combination; otherwise a live count, and a combination that counts `KEEP_TOTAL_FROM` or more
 * starts being kept in the background.
 */
export async function auditTotal (context: TotalsContext, filters: AuditFilters): Promise<number> {
  const kept = keptFiltersOf(filters)
  const live = () => committed(context, reader => reader.svcAuditEntry.count({ where: auditWhere(filters) }))
  if (kept === null) return live()
  const row = await readKeptTotal(context, kept)
  if (row !== undefined && isStale(row.watermarkAt, context.now())) inBackground(context, 'advance', () => advanceWatermark(context))
  if (row !== undefined && row.kept !== null) return Number(row.kept) + Number(row.above)
  const total = await live()
  if (total >= KEEP_TOTAL_FROM) inBackground(context, totalKey(kept), () => keepTotal(context, kept))
  return total
}

/** Creates the watermark (and the prune-batches row) if there is none: every total is counted through it. */
async function ensureWatermark (context: TotalsContext): Promise<void> {
  if ((await readMarks(context.db)).watermark !== null) return
  const watermark = await watermarkCandidate(context) ?? 0
  await context.db.$transaction(async tx => {
    await tx.svcKeptCount.upsert({ where: { key: PRUNES_KEY }, create: { key: PRUNES_KEY, count: 0 }, update: { count: { increment: 0 } } })
    if ((await readMarks(tx)).watermark !== null) return
    // Totals left without their watermark (its row deleted by hand) count through an unknown id: they start over.
    await tx.svcKeptCount.deleteMany({ where: { key: { startsWith: TOTAL_PREFIX } } })
    await tx.svcKeptCount.create({ data: { key: WATERMARK_KEY, count: watermark, countedAt: context.now() } })
  })
}

/**
 * Counts a combination through the watermark, outside any lock and a range of ids at a time, and
 * keeps it unless a prune or a move landed meanwhile.
 */
async function keepTotal (context: TotalsContext, filters: KeptFilters): Promise<void> {
  await ensureWatermark(context)
  const key = totalKey(filters)
  const where = auditWhere(filters)
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const seen = await committed(context, readMarks)
    if (seen.watermark === null) return
    const counts = await byIdRanges(context, 0, seen.watermark, (reader, id) => reader.svcAuditEntry.count({ where: { AND: [where, { id }] } }))
    const total = counts.reduce((sum, count) => sum + count, 0)
    const kept = await ifMarksUnchanged(context, seen, async tx => {
      if (await tx.svcKeptCount.count({ where: { key: { startsWith: TOTAL_PREFIX } } }) >= MAX_KEPT_TOTALS) return
      const countedAt = context.now()
      await tx.svcKeptCount.upsert({ where: { key }, create: { key, count: total, countedAt }, update: { count: total, countedAt } })
    })
    if (kept) return
  }
}

/** Moves the watermark up to the newest entry old enough, adding the entries between the two to every kept total. */
async function advanceWatermark (context: TotalsContext): Promise<void> {
  const target = await watermarkCandidate(context)
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const seen = await committed(context, readMarks)
    if (seen.watermark === null) return
    const through = Math.max(seen.watermark, target ?? 0)
    const groups = (await byIdRanges(context, seen.watermark, through, (reader, id) => countByColumns(reader, { id }))).flat()
    const moved = await ifMarksUnchanged(context, seen, async tx => {
      await applyToTotals(tx, groups, 1)
      await tx.svcKeptCount.update({ where: { key: WATERMARK_KEY }, data: { count: through, countedAt: context.now() } })
    })
    if (moved) return
  }
}

/**
 * The audit rule's `inBatch`: in the transaction that deletes the batch, before it, takes the
 * batch's entries at or below the watermark off every kept total they match. Its first statement
 * writes the prune-batches row: the lock `ifMarksUnchanged` takes, and the mark that tells a
 * computation running meanwhile to start over.
 */
export async function retirePrunedFromTotals (tx: Tx, batch: object): Promise<void> {
  await tx.svcKeptCount.upsert({ where: { key: PRUNES_KEY }, create: { key: PRUNES_KEY, count: 1 }, update: { count: { increment: 1 } } })
  const { watermark } = await readMarks(tx)
  if (watermark === null) return
  await applyToTotals(tx, await countByColumns(tx, { AND: [batch, { id: { lte: watermark } }] }), -1)
}
