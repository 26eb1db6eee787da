import { z } from 'zod'

/** The `days` parameter of an operation that reads per-day counts. */
export const daysParam = z.number().int().min(1).max(90).optional().describe('How many days, ending today (UTC). Default 30.')

/** Per-day counts as an operation answers them: every day of the window, oldest first, with its counts by one dimension. */
export function dailyCountsReturn (countsDescription: string) {
  return z.array(z.object({
    day: z.string().describe('YYYY-MM-DD, UTC.'),
    counts: z.record(z.string(), z.number().int()).describe(countsDescription),
  })).describe('Oldest first.')
}
