import { z } from 'zod'
import { isUniqueViolation } from './client.ts'
import { conflict } from '../errors/errors.ts'

/** The highest slot number: slots are written with at most three digits. */
export const MAX_SLOT = 999

/** Slot numbers as callers write them: `"1"`, `"01"` or `"001"`, 1–999. Parses to a number. */
export const slotNumber = z
  .string()
  .regex(/^\d{1,3}$/, 'a slot number is one to three digits')
  .transform(Number)
  .refine(n => n >= 1 && n <= MAX_SLOT, `a slot number is between 1 and ${MAX_SLOT}`)

/** Slots are always returned padded to three digits. */
export const formatSlot = (slot: number): string => String(slot).padStart(3, '0')

/** The lowest slot from 1 to `max` that is not in `occupied`, or null when all are taken. */
function lowestFreeSlot (occupied: readonly number[], max: number): number | null {
  const taken = new Set(occupied)
  for (let slot = 1; slot <= max; slot++) if (!taken.has(slot)) return slot
  return null
}

/**
 * Fills the lowest free slot. Uniqueness of the slot number is enforced by the database, so
 * when another process takes the same slot first, the insert fails and the next free one is tried.
 */
export async function allocateSlot<T> ({ max, occupied, insert, kind, hint }: {
  max: number
  occupied: () => Promise<number[]>
  /** Inserts the row for `slot`; a unique violation means another caller took it first. */
  insert: (slot: number) => Promise<T>
  /** What the slots hold, for the 409 message, e.g. `CRM slots`. */
  kind: string
  /** Appended to the 409 message, e.g. the setting that raises the limit. */
  hint?: string
}): Promise<T> {
  for (;;) {
    // Slots another caller won since the snapshot are skipped without reading the table again.
    const taken = await occupied()
    let slot = lowestFreeSlot(taken, max)
    if (slot === null) throw conflict(`all ${max} ${kind} are in use${hint ? ` (${hint})` : ''}`, { max })
    while (slot !== null) {
      try {
        return await insert(slot)
      } catch (error) {
        if (!isUniqueViolation(error)) throw error
      }
      taken.push(slot)
      slot = lowestFreeSlot(taken, max)
    }
  }
}
