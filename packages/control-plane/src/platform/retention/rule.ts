import type { Db, Tx } from '../db/client.ts'

/** What a rule's rows are, as the pruner last measured them. */
type TableMeasure = { rows: number, oldestAt: Date | null }

/**
 * How long one kind of row is kept. Resources declare their own (`defineResource({ retention })`);
 * the host sets the days by name (`retention.days`, `SVC_RETENTION_<NAME>_DAYS`).
 */
export type RetentionRule = {
  /** Lower snake case, unique: the key in `retention.days` and on the Health page. */
  name: string
  /** The table it bounds. */
  table: string
  /** What it removes once older than its days, in words for the Health page. */
  removes: string
  /** Days kept when the host says nothing; `null` keeps rows until something deletes them. */
  defaultDays: number | null
  /**
   * Removes (or empties) at most `limit` of the rows due before `before`, in statements short
   * enough not to hold a write lock for long; resolves with how many it pruned.
   */
  pruneBatch: (db: Db, before: Date, limit: number) => Promise<number>
  /** The rows the rule watches and the oldest of them, for the Health page. */
  measure: (db: Db) => Promise<TableMeasure>
}

/** The part of a Prisma delegate a dated rule uses; each rule's `where` is its table's own. */
type RowsDelegate = {
  findMany: (args: object) => Promise<Array<{ id: number | string }>>
  findFirst: (args: object) => Promise<Record<string, unknown> | null>
  count: (args: object) => Promise<number>
  deleteMany: (args: object) => Promise<{ count: number }>
  updateMany: (args: object) => Promise<{ count: number }>
}

export type DatedRowsRule = Pick<RetentionRule, 'name' | 'table' | 'removes' | 'defaultDays'> & {
  rows: (db: Db | Tx) => unknown
  /** The timestamp the days count from. */
  datedBy: string
  /** Which rows the rule is about (e.g. `{ status: 'delivered' }`); it must leave out rows whose `datedBy` is null. @default all */
  scope?: object
  /**
   * Values that empty a due row in place (a body, a detail) instead of deleting it; the rule then
   * watches only rows that still hold something, so `scope` must exclude emptied ones.
   * @default the row is deleted
   */
  empty?: object
  /**
   * Runs in the transaction that changes a batch, before the change, with the condition that
   * selects the batch's rows: for what must change with them, so no reader ever sees one without
   * the other (audit.list's kept totals). Its first statement must write: on SQLite a transaction
   * that reads first cannot take the write lock once another process has written meanwhile.
   * @default the batch is changed by one statement, without a transaction
   */
  inBatch?: (tx: Tx, batch: object) => Promise<void>
}

const NAME = /^[a-z][a-z0-9_]*$/

/**
 * A rule over rows dated by one column. A batch is chosen by a short read of ids, oldest first,
 * then changed by id, so no statement scans and locks the whole backlog.
 */
export function datedRowsRule (spec: DatedRowsRule): RetentionRule {
  if (!NAME.test(spec.name)) throw new Error(`retention rule name "${spec.name}" must match ${NAME}`)
  if (spec.defaultDays !== null && !(Number.isInteger(spec.defaultDays) && spec.defaultDays > 0)) {
    throw new Error(`retention rule ${spec.name}: defaultDays must be a positive integer or null`)
  }
  const scope = spec.scope ?? {}
  const delegate = (db: Db | Tx) => spec.rows(db) as RowsDelegate
  return {
    name: spec.name,
    table: spec.table,
    removes: spec.removes,
    defaultDays: spec.defaultDays,
    async pruneBatch (db, before, limit) {
      const due = { ...scope, [spec.datedBy]: { lt: before } }
      const rows = delegate(db)
      const ids = (await rows.findMany({ where: due, select: { id: true }, orderBy: { id: 'asc' }, take: limit })).map(row => row.id)
      if (ids.length === 0) return 0
      const where = { ...due, id: { in: ids } }
      const change = async (target: RowsDelegate) => (spec.empty ? await target.updateMany({ where, data: spec.empty }) : await target.deleteMany({ where })).count
      const { inBatch } = spec
      if (inBatch === undefined) return change(delegate(db))
      return db.$transaction(async tx => {
        await inBatch(tx, where)
        return change(delegate(tx))
      })
    },
    async measure (db) {
      const rows = delegate(db)
      const [count, oldest] = await Promise.all([
        rows.count({ where: scope }),
        rows.findFirst({ where: scope, orderBy: { [spec.datedBy]: 'asc' }, select: { [spec.datedBy]: true } }),
      ])
      const at = oldest?.[spec.datedBy]
      return { rows: count, oldestAt: at instanceof Date ? at : null }
    },
  }
}
