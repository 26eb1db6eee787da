import { z } from 'zod'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'

const DAY_MS = 24 * 60 * 60 * 1000

/** Midnight UTC of the day `at` falls in. */
const startOfDay = (at: Date): Date => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()))

export const leadDailyCounts = defineOperation({
  summary: 'Leads captured per day (UTC) by source, over the last days: what the Leads page charts.',
  description: 'One count per day and source, from an index range per day (svc_leads by first_seen): the cost follows the leads of the days asked for, not the whole ledger. Days without leads are listed with no counts.',
  readonly: true,
  examples: [{ title: 'Leads per day over the last two weeks', params: { days: 14 } }],
  errors: [],
  params: z.object({
    days: z.number().int().min(1).max(90).optional().describe('How many days, ending today (UTC). Default 30.'),
  }),
  returns: z.object({
    days: z.array(z.object({
      day: z.string().describe('YYYY-MM-DD, UTC.'),
      counts: z.record(z.string(), z.number().int()).describe('Leads first seen that day, by source.'),
    })).describe('Oldest first.'),
    sources: z.array(z.string()).describe('Every source with a lead in these days, by name.'),
    total: z.number().int(),
  }),
  async handler ({ days = 30 }, { db, now }) {
    const today = startOfDay(now())
    const starts = Array.from({ length: days }, (_, index) => new Date(today.getTime() - (days - 1 - index) * DAY_MS))
    const counted = await Promise.all(starts.map(async start => {
      const groups = await db.svcLead.groupBy({ by: ['source'], where: { firstSeen: { gte: start, lt: new Date(start.getTime() + DAY_MS) } }, _count: { _all: true } })
      return { day: start.toISOString().slice(0, 10), counts: Object.fromEntries(groups.map(group => [group.source, group._count._all])) }
    }))
    const sources = [...new Set(counted.flatMap(day => Object.keys(day.counts)))].sort()
    const total = counted.reduce((sum, day) => sum + Object.values(day.counts).reduce((a, b) => a + b, 0), 0)
    return { data: { days: counted, sources, total }, changed: false }
  },
})
