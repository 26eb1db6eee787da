import type { StatusReport } from './records.ts'
import { plural } from './format.ts'
import { moduleName } from './module-words.ts'

export type Tone = 'positive' | 'caution' | 'critical' | 'neutral'

/** One line of the health overview: what it is about, how it stands, in words. */
export type HealthSignal = { key: string, label: string, tone: Tone, summary: string }

/** A message waiting longer than this is worth a look: the worker normally drains the outbox in seconds. */
const STUCK_AFTER_MS = 5 * 60_000

const TONE_RANK: Record<Tone, number> = { positive: 0, neutral: 1, caution: 2, critical: 3 }

function worstTone (tones: readonly Tone[]): Tone {
  return tones.reduce<Tone>((worst, tone) => TONE_RANK[tone] > TONE_RANK[worst] ? tone : worst, 'positive')
}

/** "4 min", "2 h", "3 days": how long ago, roughly. */
export function ageOf (iso: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - new Date(iso).getTime()) / 60_000))
  if (minutes < 1) return 'under a minute'
  if (minutes < 90) return plural(minutes, 'minute')
  const hours = Math.round(minutes / 60)
  return hours < 36 ? plural(hours, 'hour') : plural(Math.round(hours / 24), 'day')
}

function database ({ database }: StatusReport): HealthSignal {
  return database.ok
    ? { key: 'database', label: 'Database', tone: 'positive', summary: `Reachable (${database.provider}), answered in ${database.latency_ms} ms` }
    : { key: 'database', label: 'Database', tone: 'critical', summary: `Not reachable (${database.provider})` }
}

function outbox ({ outbox }: StatusReport, now: number): HealthSignal {
  const base = { key: 'outbox', label: 'Outbox' }
  const waiting = outbox.pending === 0
    ? 'nothing waiting'
    : `${outbox.pending} waiting${outbox.oldest_pending_at ? `, the oldest for ${ageOf(outbox.oldest_pending_at, now)}` : ''}`
  if (outbox.failed > 0) return { ...base, tone: 'critical', summary: `${plural(outbox.failed, 'delivery', 'deliveries')} failed for good; ${waiting}` }
  const stuck = outbox.oldest_pending_at !== null && now - new Date(outbox.oldest_pending_at).getTime() > STUCK_AFTER_MS
  return { ...base, tone: stuck ? 'caution' : 'positive', summary: waiting.charAt(0).toUpperCase() + waiting.slice(1) }
}

function forwarding ({ forwarding }: StatusReport): HealthSignal {
  const base = { key: 'forwarding', label: 'Forwarding' }
  if (forwarding.length === 0) return { ...base, tone: 'neutral', summary: 'No content source yet' }
  const failing = forwarding.filter(source => source.failed > 0)
  if (failing.length > 0) {
    return { ...base, tone: 'critical', summary: failing.map(source => `${source.name}: ${plural(source.failed, 'failed delivery', 'failed deliveries')}`).join('; ') }
  }
  return { ...base, tone: 'positive', summary: `No failed delivery across ${plural(forwarding.length, 'content source')}` }
}

function modules ({ modules }: StatusReport): HealthSignal {
  const off = Object.entries(modules).filter(([, enabled]) => !enabled).map(([key]) => key)
  return off.length === 0
    ? { key: 'modules', label: 'Modules', tone: 'positive', summary: `All ${Object.keys(modules).length} modules on` }
    : { key: 'modules', label: 'Modules', tone: 'neutral', summary: `Switched off: ${off.map(moduleName).join(', ')}` }
}

function checks ({ checks }: StatusReport): HealthSignal {
  // database and outbox have their own lines above.
  const failing = checks.filter(check => !check.ok && check.name !== 'database' && check.name !== 'outbox')
  return failing.length === 0
    ? { key: 'checks', label: 'Set-up', tone: 'positive', summary: 'Migrations applied, encryption key configured' }
    : { key: 'checks', label: 'Set-up', tone: 'caution', summary: failing.map(check => check.message).join('; ') }
}

/** The status report as the lines an administrator reads, worst first is up to the caller. */
export function healthSignals (report: StatusReport, now = Date.now()): HealthSignal[] {
  return [database(report), outbox(report, now), forwarding(report), modules(report), checks(report)]
}

export function verdictOf (signals: readonly HealthSignal[]): { tone: Tone, title: string } {
  const tone = worstTone(signals.map(signal => signal.tone))
  const attention = signals.filter(signal => signal.tone === 'critical' || signal.tone === 'caution').length
  if (attention === 0) return { tone: 'positive', title: 'Everything is working' }
  return { tone, title: `${plural(attention, 'area needs', 'areas need')} attention` }
}
