import { z } from 'zod'

/**
 * The largest id an autoincrement list holds: Prisma's `Int`, PostgreSQL's `integer`. A larger
 * number cannot name a row, and PostgreSQL refuses it in a query rather than finding nothing.
 */
export const ROW_ID_MAX = 2_147_483_647

/** An id of a row in one of the plugin's own lists. */
export const rowIdParam = z.number().int().min(1).max(ROW_ID_MAX)

/** Whether a number can be an autoincrement row's id. */
export const isRowId = (value: number) => Number.isInteger(value) && value >= 1 && value <= ROW_ID_MAX
