import { z } from 'zod'
import { invalidParams } from '../errors/errors.ts'
import { toPage, type Page } from './pagination.ts'

/** `cursor`: continues a list after the last row of the page whose `next_cursor` it was. */
export const cursorParam = z.string().min(1).max(200)
  .describe('The next_cursor of the previous page: continues after its last row, stable while rows are added. Replaces page.')

/**
 * What a list sorts by, newest first: its id alone, or a timestamp with the id breaking ties; and
 * the `total` the walk's first page counted, which the pages after it answer without counting again.
 */
export type CursorKey = { id: number, at?: Date, total?: number }

/** The opaque form of a sort key: base64url of its JSON. */
export const encodeCursor = (key: CursorKey) => {
  const sortKey: unknown[] = key.at === undefined ? [key.id] : [key.at.toISOString(), key.id]
  return Buffer.from(JSON.stringify(key.total === undefined ? sortKey : [...sortKey, key.total])).toString('base64url')
}

const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0

/** The sort key a cursor carries; `invalid_params` for anything this list did not hand out. */
export function decodeCursor (cursor: string, withTime: boolean): CursorKey {
  let parsed: unknown
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
  } catch {
    parsed = null
  }
  if (Array.isArray(parsed)) {
    // A cursor handed out before totals were carried has none; its page counts.
    const [sortKey, total] = parsed.length === (withTime ? 3 : 2) && isCount(parsed.at(-1))
      ? [parsed.slice(0, -1), { total: parsed.at(-1) as number }]
      : [parsed, {}]
    if (!withTime && sortKey.length === 1 && Number.isSafeInteger(sortKey[0])) return { id: sortKey[0] as number, ...total }
    if (withTime && sortKey.length === 2 && typeof sortKey[0] === 'string' && Number.isSafeInteger(sortKey[1])) {
      const at = new Date(sortKey[0])
      if (!Number.isNaN(at.getTime())) return { at, id: sortKey[1] as number, ...total }
    }
  }
  throw invalidParams('cursor is not a next_cursor of this list', { param: 'cursor' })
}

export type KeysetPage = Page & { after: CursorKey | null }

/**
 * The page a list call asks for: by `cursor` (keyset, its cost independent of how deep the page
 * is) or by `page` (offset, the contract's form). One row more than the page is read, to know
 * whether a next cursor exists.
 */
export function toKeysetPage (params: { page?: number | undefined, per_page?: number | undefined, cursor?: string | undefined }, withTime = false): KeysetPage {
  if (params.cursor !== undefined && params.page !== undefined) throw invalidParams('send either page or cursor, not both', { param: 'cursor' })
  const page = toPage(params)
  if (params.cursor === undefined) return { ...page, take: page.take + 1, after: null }
  return { ...page, skip: 0, take: page.take + 1, after: decodeCursor(params.cursor, withTime) }
}

/** The Prisma condition for rows after the cursor, newest first by id. */
export const afterId = (page: KeysetPage) => page.after === null ? {} : { id: { lt: page.after.id } }

/**
 * The Prisma condition for rows after the cursor, newest first by (`field`, id). The redundant
 * `field <= at` gives the database a range to start the index scan at, which the OR alone does not.
 */
export function afterTimeAndId<F extends string> (page: KeysetPage, field: F) {
  if (page.after === null) return {}
  const { at, id } = page.after
  return { [field]: { lte: at }, OR: [{ [field]: { lt: at } }, { [field]: at, id: { lt: id } }] } as Record<F, unknown> & { OR: Array<Record<F | 'id', unknown>> }
}

/**
 * The page's `total`: on a cursor page, what the walk's first page counted (carried in the
 * cursor), so a walk counts its matching rows once instead of once per page, a cost linear in
 * them; on any other page, `count()`.
 */
export const pageTotal = (page: KeysetPage, count: () => Promise<number>): Promise<number> =>
  page.after?.total === undefined ? count() : Promise.resolve(page.after.total)

/** The rows of the page and the cursor after its last one, carrying `total`; null when no row follows. */
export function keysetResult<Row> (rows: readonly Row[], page: KeysetPage, keyOf: (row: Row) => CursorKey, total: number): { rows: Row[], nextCursor: string | null } {
  const shown = rows.slice(0, page.perPage)
  const last = shown.at(-1)
  return { rows: shown, nextCursor: rows.length > page.perPage && last !== undefined ? encodeCursor({ ...keyOf(last), total }) : null }
}
