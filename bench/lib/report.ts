import { availableParallelism, loadavg } from 'node:os'
import type { LoadResult } from './load.ts'

export type Measurement = { label: string, connections: number, result: LoadResult, cpuMsPerRequest: number }

/**
 * `subject` against `baseline`, with a target, if any: by server CPU per request (issue 18's) or
 * by requests per second (issue 43's, throughput as it ships).
 */
export type Goal = { subject: string, baseline: string, atLeast?: number, by?: 'cpu' | 'rate' }

function table (measurements: Measurement[]): string[] {
  const header = ['target', 'conns', 'req/s', 'p50 ms', 'p99 ms', 'requests', 'CPU ms/req']
  const rows = measurements.map(({ label, connections, result, cpuMsPerRequest }) => [
    label,
    String(connections),
    result.requests.average.toFixed(0),
    result.latency.p50.toFixed(1),
    result.latency.p99.toFixed(1),
    String(result.requests.total),
    cpuMsPerRequest.toFixed(3),
  ])
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map(row => row[column]!.length)))
  const line = (cells: string[]) => cells.map((cell, column) => column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)).join('  ')
  return [line(header), line(widths.map(width => '-'.repeat(width))), ...rows.map(line)]
}

/**
 * Ratios of one connection count, each measured in the same run: by server CPU per request
 * (`baseline CPU / subject CPU`, what the targets are about) and by requests per second.
 */
function ratios (measurements: Measurement[], goals: Goal[], connections: number): string[] {
  const find = (label: string) => measurements.find(m => m.label === label && m.connections === connections)
  return goals.flatMap(({ subject, baseline, atLeast, by = 'cpu' }) => {
    const a = find(subject)
    const b = find(baseline)
    if (!a || !b) return []
    const byCpu = b.cpuMsPerRequest / a.cpuMsPerRequest
    const byRate = a.result.requests.average / b.result.requests.average
    const measured = by === 'cpu' ? byCpu : byRate
    const target = atLeast === undefined ? '' : `  (target ≥ ${atLeast}× by ${by === 'cpu' ? 'CPU' : 'req/s'}: ${measured >= atLeast ? 'met' : 'NOT met'})`
    return [`${connections} conns  ${subject} / ${baseline}: ${byCpu.toFixed(2)}× by CPU, ${byRate.toFixed(2)}× by req/s${target}`]
  })
}

export function printReport (heading: string[], measurements: Measurement[], goals: Goal[], footer: string[] = []): void {
  const levels = [...new Set(measurements.map(m => m.connections))]
  const [load1, load5] = loadavg()
  console.log(['', ...heading, `load average ${load1?.toFixed(2)} (1 min), ${load5?.toFixed(2)} (5 min) at the end, ${availableParallelism()} CPUs`, '',
    ...table(measurements), '', ...levels.flatMap(level => ratios(measurements, goals, level)), ...footer].join('\n'))
  if (load1 !== undefined && load1 > availableParallelism() * 0.75) {
    console.log(`note: load average ${load1.toFixed(1)} on ${availableParallelism()} CPUs: other processes competed for the CPU, ` +
      'so req/s and latencies are low and noisy; the server CPU per request holds up better')
  }
}
