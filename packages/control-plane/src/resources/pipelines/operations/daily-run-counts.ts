import { z } from 'zod'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { readDailyCounts } from '../../../platform/tallies/read-tallies.ts'
import { dailyCountsReturn, daysParam } from '../../../platform/tallies/daily-counts-shape.ts'

export const dailyRunCounts = defineOperation({
  summary: 'Pipeline runs per day (UTC) by status, over the last days: what the Pipelines page charts.',
  description: 'Read from the per-day counts the database keeps as runs are recorded (svc_tallies, written in the transaction that records the run): one index range of a row per day and status, whatever the size of the run history. Runs removed by retention stay counted on their day. Days without runs are listed with no counts.',
  readonly: true,
  examples: [{ title: 'Runs per day over the last two weeks', params: { days: 14 } }],
  errors: [],
  params: z.object({
    days: daysParam,
  }),
  returns: z.object({
    days: dailyCountsReturn('Runs recorded that day, by status (success, skipped, failed, dry_run).'),
    statuses: z.array(z.string()).describe('Every status with a run in these days.'),
    total: z.number().int(),
  }),
  async handler ({ days = 30 }, { db, now }) {
    const counted = await readDailyCounts(db, 'runs.day.status', now(), days)
    return { data: { days: counted.days, statuses: counted.dimensions, total: counted.total }, changed: false }
  },
})
