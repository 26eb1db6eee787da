import { createRequire } from 'node:module'

/**
 * A typed door onto autocannon's programmatic API. The repo has no @types/autocannon, so this
 * declares only the options and result fields the benchmark uses.
 */

type Histogram = { average: number, stddev: number, min: number, max: number, p50: number, p99: number }

export type LoadResult = {
  requests: Histogram & { total: number, sent: number }
  latency: Histogram
  duration: number
  errors: number
  timeouts: number
  mismatches: number
  non2xx: number
  statusCodeStats: Record<string, { count: number }>
}

export type LoadRequest = {
  url: string
  method: 'GET' | 'POST'
  headers?: Record<string, string>
  body?: string
}

type AutocannonOptions = LoadRequest & { connections: number, duration: number, workers?: number }

const require = createRequire(import.meta.url)
const autocannon = require('autocannon') as (options: AutocannonOptions) => Promise<LoadResult>

/**
 * Fires `request` over `connections` keep-alive connections for `seconds`. The load generator
 * runs in one worker thread: sharing the server's event loop would slow every target by the
 * client's own parsing work and blur the comparison.
 */
export function load (request: LoadRequest, options: { connections: number, seconds: number }): Promise<LoadResult> {
  return autocannon({ ...request, connections: options.connections, duration: options.seconds, workers: 1 })
}

/** Everything that went wrong in a run, or an empty list. */
export function loadProblems (result: LoadResult): string[] {
  const problems: string[] = []
  if (result.non2xx > 0) {
    const codes = Object.entries(result.statusCodeStats).map(([code, { count }]) => `${code}×${count}`).join(', ')
    problems.push(`${result.non2xx} non-2xx responses (${codes})`)
  }
  if (result.errors > 0) problems.push(`${result.errors} connection errors`)
  if (result.timeouts > 0) problems.push(`${result.timeouts} timeouts`)
  if (result.mismatches > 0) problems.push(`${result.mismatches} body mismatches`)
  if (result.requests.total === 0) problems.push('no request completed')
  return problems
}
