import { z } from 'zod'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { readTallies } from '../../../platform/tallies/read-tallies.ts'
import { LEAD_STATUSES } from '../statuses.ts'

export const leadStatusCounts = defineOperation({
  summary: 'How many leads are in each status, in the order a lead moves through them: the Leads page\'s funnel.',
  description: 'Read from the counts the database keeps with the ledger (svc_tallies, changed in the transaction that captures a lead, sets its status or deletes it): five rows, whatever the size of the ledger.',
  readonly: true,
  examples: [{ title: 'The status funnel', params: {} }],
  errors: [],
  params: z.object({}),
  returns: z.object({
    statuses: z.array(z.object({ status: z.enum(LEAD_STATUSES), count: z.number().int() }))
      .describe(`Every status, in the order ${LEAD_STATUSES.join(', ')}.`),
    total: z.number().int().describe('Every lead in the ledger.'),
  }),
  async handler (_params, { db }) {
    const rows = await readTallies(db, ['leads.status'], '', '')
    const statuses = LEAD_STATUSES.map(status => ({ status, count: rows.find(row => row.dimension === status)?.count ?? 0 }))
    return { data: { statuses, total: statuses.reduce((sum, entry) => sum + entry.count, 0) }, changed: false }
  },
})
