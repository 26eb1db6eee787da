// @svc-provider-independent: the Health page's wording, a pure function (runs once, on SQLite).
import { describe, expect, test } from '@jest/globals'
import { ageOf, healthSignals, verdictOf } from '../packages/control-plane/admin/lib/health.ts'
import type { StatusReport } from '../packages/control-plane/admin/lib/records.ts'

const NOW = Date.parse('2026-11-22T12:00:00Z')

const healthy: StatusReport = {
  product_version: '1.4.000',
  namespace: 'svc/v1',
  database: { provider: 'sqlite', ok: true, latency_ms: 0.4 },
  modules: { crm: true, leads: true, status: true },
  counts: { crm: 0 },
  counts_as_of: {},
  outbox: { pending: 0, failed: 0, oldest_pending_at: null },
  forwarding: [{ source: 'wire', name: 'Wire', pending: 0, failed: 0 }],
  retention: [],
  deprecated_uses: [],
  uptime_s: 30,
  checks: [
    { name: 'database', ok: true, message: 'reachable' },
    { name: 'migrations', ok: true, message: 'all 9 migrations applied' },
    { name: 'encryption_key', ok: true, message: 'SVC_ENCRYPTION_KEY is configured' },
    { name: 'outbox', ok: true, message: 'no failed deliveries' },
  ],
}

const byKey = (report: StatusReport) => Object.fromEntries(healthSignals(report, NOW).map(signal => [signal.key, signal]))

describe('the status report in words and colours', () => {
  test('a healthy site is green everywhere and says so', () => {
    const signals = healthSignals(healthy, NOW)
    expect(signals.map(signal => [signal.key, signal.tone])).toEqual([
      ['database', 'positive'], ['outbox', 'positive'], ['forwarding', 'positive'], ['modules', 'positive'], ['checks', 'positive'],
    ])
    expect(byKey(healthy).database!.summary).toBe('Reachable (sqlite), answered in 0.4 ms')
    expect(verdictOf(signals)).toEqual({ tone: 'positive', title: 'Everything is working' })
  })

  test('a forward failed for good turns the outbox and that source red, by name', () => {
    const report = { ...healthy, outbox: { ...healthy.outbox, failed: 2 }, forwarding: [{ source: 'wire', name: 'Wire', pending: 0, failed: 2 }] }
    const signals = byKey(report)
    expect(signals.outbox).toMatchObject({ tone: 'critical', summary: '2 deliveries failed for good; nothing waiting' })
    expect(signals.forwarding).toMatchObject({ tone: 'critical', summary: 'Wire: 2 failed deliveries' })
    expect(verdictOf(healthSignals(report, NOW))).toEqual({ tone: 'critical', title: '2 areas need attention' })
  })

  test('a message waiting for more than five minutes is a caution, with its age', () => {
    const report = { ...healthy, outbox: { pending: 3, failed: 0, oldest_pending_at: '2026-11-22T11:48:00Z' } }
    expect(byKey(report).outbox).toMatchObject({ tone: 'caution', summary: '3 waiting, the oldest for 12 minutes' })
    const fresh = { ...healthy, outbox: { pending: 1, failed: 0, oldest_pending_at: '2026-11-22T11:59:30Z' } }
    expect(byKey(fresh).outbox).toMatchObject({ tone: 'positive', summary: '1 waiting, the oldest for under a minute' })
  })

  test('an unreachable database is critical; modules switched off and missing set-up are named', () => {
    const report = {
      ...healthy,
      database: { provider: 'postgresql', ok: false, latency_ms: 3 },
      modules: { ...healthy.modules, api_keys: true, crm: false },
      checks: [...healthy.checks.slice(0, 2), { name: 'encryption_key', ok: false, message: 'SVC_ENCRYPTION_KEY is not set' }],
      forwarding: [],
    }
    const signals = byKey(report)
    expect(signals.database).toMatchObject({ tone: 'critical', summary: 'Not reachable (postgresql)' })
    expect(signals.modules).toMatchObject({ tone: 'neutral', summary: 'Switched off: CRM' })
    expect(signals.checks).toMatchObject({ tone: 'caution', summary: 'SVC_ENCRYPTION_KEY is not set' })
    expect(signals.forwarding).toMatchObject({ tone: 'neutral', summary: 'No content source yet' })
  })

  test('ages read in minutes, hours, then days', () => {
    expect(ageOf('2026-11-22T10:00:00Z', NOW)).toBe('2 hours')
    expect(ageOf('2026-11-19T12:00:00Z', NOW)).toBe('3 days')
  })
})
