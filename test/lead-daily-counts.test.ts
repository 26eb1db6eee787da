import { expect, test } from '@jest/globals'
import { useTestServer } from './support/in-process-server.ts'

const NOW = new Date('2026-03-10T15:00:00Z')
const plane = useTestServer({ outbox: false, clock: () => NOW })
const leads = plane.caller('leads')

test('leads.daily_counts counts the leads first seen each UTC day by source, oldest day first, days without leads empty', async () => {
  const seen = [
    ['form', '2026-03-10T00:00:00Z'], ['form', '2026-03-10T14:59:59Z'], ['newsletter', '2026-03-10T01:00:00Z'],
    ['newsletter', '2026-03-08T23:59:59Z'],
    // Before the window, and after now's day: not counted.
    ['form', '2026-03-07T23:59:59Z'], ['form', '2026-03-11T00:00:00Z'],
  ] as const
  for (const [index, [source, at]] of seen.entries()) await plane.server.db.svcLead.create({ data: { ref: `ld_day${index}`, source, firstSeen: new Date(at) } })
  const res = await leads('daily_counts', { days: 3 })
  expect(res.status).toBe(200)
  expect(res.body.data).toEqual({
    days: [
      { day: '2026-03-08', counts: { newsletter: 1 } },
      { day: '2026-03-09', counts: {} },
      { day: '2026-03-10', counts: { form: 2, newsletter: 1 } },
    ],
    sources: ['form', 'newsletter'],
    total: 4,
  })
})
