import { z } from 'zod'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { lastHours } from '../../../platform/tallies/periods.ts'
import { readTallies } from '../../../platform/tallies/read-tallies.ts'

const HOURS = 24

export const outboxDepth = defineOperation({
  summary: 'Outbox messages waiting for delivery at the end of each hour of the last day: the Health page\'s depth chart.',
  description: 'The database keeps, per hour, how many messages entered the pending state and how many left it (delivered, given up, cancelled; svc_tallies, in the transaction that changes the message). ' +
    'With the messages pending now (one count on the status index), the depth at the end of an hour is now\'s less those that entered since plus those that left since. ' +
    'Messages that came and went before the counts were kept (migration 0024) are not in the hours before it.',
  readonly: true,
  examples: [{ title: 'Outbox depth over the last day', params: {} }],
  errors: [],
  params: z.object({}),
  returns: z.object({
    hours: z.array(z.object({
      hour: z.string().describe('YYYY-MM-DDTHH, UTC: the hour starting then.'),
      depth: z.number().int().describe('Messages pending at the end of the hour (now, for the current hour).'),
      entered: z.number().int().describe('Messages that became pending during the hour.'),
      left: z.number().int().describe('Messages that stopped being pending during the hour.'),
    })).describe(`The last ${HOURS} hours, oldest first; the last one is the current hour.`),
    pending: z.number().int().describe('Messages pending now.'),
  }),
  async handler (_params, { db, now }) {
    const buckets = lastHours(now(), HOURS)
    const [pending, rows] = await Promise.all([
      db.svcOutboxMessage.count({ where: { status: 'pending' } }),
      // From the first hour on with no end: a message stamped by a clock a little ahead still counts as after every hour shown.
      readTallies(db, ['outbox.hour'], buckets[0]!),
    ])
    const moved = (bucket: string, dimension: string) => rows.find(row => row.bucket === bucket && row.dimension === dimension)?.count ?? 0
    const hours = buckets.map(hour => {
      const later = rows.filter(row => row.bucket > hour)
      const since = later.reduce((sum, row) => sum + (row.dimension === 'entered' ? row.count : -row.count), 0)
      return { hour, depth: Math.max(0, pending - since), entered: moved(hour, 'entered'), left: moved(hour, 'left') }
    })
    return { data: { hours, pending }, changed: false }
  },
})
