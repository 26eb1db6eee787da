import type { Change, ChangeSet, Effect } from './change.ts'
import { canonicalJson } from '../lib/canonical-json.ts'

/** `where` with each BigInt (a host's BigInt ids) as its digits: JSON has no BigInt. */
function plainWhere (value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString()
  if (Array.isArray(value)) return value.map(plainWhere)
  if (typeof value !== 'object' || value === null || value instanceof Date) return value
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, plainWhere(inner)]))
}

/** A row read by `where` of `model`, as the key of what was read. */
const readKey = (model: string, where: unknown): string => `${model} ${canonicalJson(plainWhere(where))}`

type Row = Record<string, unknown>

/** A change set holds at most this many rows; a call that writes more is recorded as incomplete (and cannot be reverted). */
const MAX_RECORDED_ROWS = 1_000

/**
 * What a call wrote so far. A transaction's writes are held apart and join the call's only when it
 * commits, so a change set names what is in the database, not what was tried and rolled back.
 */
export class ChangeRecording {
  readonly changes: Change[] = []
  readonly effects: Effect[] = []
  #complete = true
  #preview = false
  /** Rows the call may still record, shared by its transactions. */
  readonly #budget: { left: number }
  readonly #parent: ChangeRecording | undefined
  /** Whole rows the handler read by a unique key, since its last write to their list: an update's before image without a read of its own. */
  readonly #read = new Map<string, Row>()

  constructor (parent?: ChangeRecording) {
    this.#parent = parent
    this.#budget = parent ? parent.#budget : { left: MAX_RECORDED_ROWS }
  }

  /** Keeps a whole row the handler read by `where`. */
  rememberRead (model: string, where: unknown, row: Row): void {
    this.#read.set(readKey(model, where), row)
  }

  /** The whole row the handler last read by `where`, here or before this transaction, unless its list was written since. */
  readBefore (model: string, where: unknown): Row | undefined {
    return this.#read.get(readKey(model, where)) ?? this.#parent?.readBefore(model, where)
  }

  /** A write to `model`: what was read of it may have moved, here and in every transaction around this one. */
  forgetReads (model: string): void {
    for (const key of this.#read.keys()) if (key.startsWith(`${model} `)) this.#read.delete(key)
    this.#parent?.forgetReads(model)
  }

  /** Whether `rows` more rows fit; when they do not, the change set is incomplete from here on. */
  take (rows: number): boolean {
    if (!this.#complete || rows > this.#budget.left) {
      this.#complete = false
      return false
    }
    this.#budget.left -= rows
    return true
  }

  /** Rows the change set can still take. */
  room (): number {
    return this.#complete ? this.#budget.left : 0
  }

  /** A committed transaction's writes join the call's. */
  commitTo (parent: ChangeRecording): void {
    parent.changes.push(...this.changes)
    parent.effects.push(...this.effects)
    if (!this.#complete) parent.#complete = false
  }

  /** What the call changed, or null when it changed nothing and caused nothing (a preview's is kept even then: it says the call was one). */
  changeSet (): ChangeSet | null {
    if (this.changes.length === 0 && this.effects.length === 0 && this.#complete && !this.#preview) return null
    return { changes: this.changes, effects: this.effects, complete: this.#complete, ...this.#preview ? { preview: true as const } : {} }
  }

  /** The change set of a preview, whose transaction was rolled back: kept with its audit entry as what would have changed. */
  previewed (): ChangeSet {
    this.#preview = true
    return this.changeSet()!
  }
}
