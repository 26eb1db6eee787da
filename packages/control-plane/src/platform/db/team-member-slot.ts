import { notFound } from '../errors/errors.ts'
import { formatSlot, slotNumber } from './slots.ts'

/**
 * A team member's slot, as users (whose records they are) and roles (which assign roles to
 * members by slot) both take it and refuse it.
 */
export const userNumParam = slotNumber.describe('Team-member slot number: "1", "01" or "001".')

export const emptySlot = (slot: number) => notFound(`team-member slot ${formatSlot(slot)} is empty`)
