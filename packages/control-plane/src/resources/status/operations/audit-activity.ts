import { z } from 'zod'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { lastHours } from '../../../platform/tallies/periods.ts'
import { countsByBucket, dimensionsAndTotal, readTallies } from '../../../platform/tallies/read-tallies.ts'

const HOURS = 24

export const auditActivity = defineOperation({
  summary: 'Audited calls per hour over the last day, by the door they came through: the Health page\'s activity chart.',
  description: 'Doors: dispatch, route (the per-operation routes), read_form (the GET form), mcp, and admin_ui (any call made with an Admin UI session). Read from the per-hour counts the database keeps as audit entries are written (svc_tallies, in the statement that writes them): one index range of 24 hours × doors rows, whatever the size of the audit log.',
  readonly: true,
  examples: [{ title: 'Calls per hour by door', params: {} }],
  errors: [],
  params: z.object({}),
  returns: z.object({
    hours: z.array(z.object({
      hour: z.string().describe('YYYY-MM-DDTHH, UTC: the hour starting then.'),
      counts: z.record(z.string(), z.number().int()).describe('Audited calls in that hour, by door.'),
    })).describe(`The last ${HOURS} hours, oldest first; the last one is the current hour.`),
    doors: z.array(z.string()).describe('Every door with a call in these hours.'),
    total: z.number().int(),
  }),
  async handler (_params, { db, now }) {
    const buckets = lastHours(now(), HOURS)
    const rows = await readTallies(db, ['audit.hour.door'], buckets[0]!, buckets.at(-1))
    const hours = countsByBucket(rows, buckets).map(({ bucket, counts }) => ({ hour: bucket, counts }))
    const { dimensions, total } = dimensionsAndTotal(hours)
    return { data: { hours, doors: dimensions, total }, changed: false }
  },
})
