import { z } from 'zod'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { readDailyCounts } from '../../../platform/tallies/read-tallies.ts'
import { dailyCountsReturn, daysParam } from '../../../platform/tallies/daily-counts-shape.ts'

export const leadDailyCounts = defineOperation({
  summary: 'Leads captured per day (UTC) by source, over the last days: what the Leads page charts.',
  description: 'Read from the per-day counts the database keeps with the ledger (svc_tallies, written in the transaction that adds or deletes a lead): one index range of a row per day and source, whatever the size of the ledger. Days without leads are listed with no counts.',
  readonly: true,
  examples: [{ title: 'Leads per day over the last two weeks', params: { days: 14 } }],
  errors: [],
  params: z.object({
    days: daysParam,
  }),
  returns: z.object({
    days: dailyCountsReturn('Leads first seen that day, by source.'),
    sources: z.array(z.string()).describe('Every source with a lead in these days, by name.'),
    total: z.number().int(),
  }),
  async handler ({ days = 30 }, { db, now }) {
    const counted = await readDailyCounts(db, 'leads.day.source', now(), days)
    return { data: { days: counted.days, sources: counted.dimensions, total: counted.total }, changed: false }
  },
})
