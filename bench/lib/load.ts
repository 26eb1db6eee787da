import { fork } from 'node:child_process'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'

/**
 * autocannon, driven programmatically from a child process. The load generator then neither
 * shares the server's event loop nor shows up in the server's `process.cpuUsage()`, so the
 * benchmark can report the server's own CPU time per request, which stays meaningful when
 * other processes compete for the CPU and requests per second do not.
 *
 * The repo has no @types/autocannon: the types below cover only the fields the benchmark uses.
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

/** For `seconds`, or until `requests` requests have completed. */
export type LoadOptions = { connections: number } & ({ seconds: number } | { requests: number })

type Job = { request: LoadRequest, options: LoadOptions }
type Reply = { result: LoadResult } | { error: string }

const CHILD_FLAG = '--bench-load-child'
const READY = 'ready'

/** Runs one autocannon load in a child process (this same file) and returns its result. */
export function load (request: LoadRequest, options: LoadOptions): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    // The child inherits process.execArgv, so it runs under tsx like the parent.
    const child = fork(fileURLToPath(import.meta.url), [CHILD_FLAG], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
    let reply: Reply | undefined
    // The child says when it listens; then it gets the job, and answers with one reply.
    child.on('message', message => {
      if (message === READY) child.send({ request, options } satisfies Job)
      else reply = message as Reply
    })
    child.once('error', reject)
    child.once('exit', code => {
      if (reply && 'result' in reply) resolve(reply.result)
      else reject(new Error(reply?.error ?? `the load generator exited with code ${code} and no result`))
    })
  })
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

type Autocannon = (options: LoadRequest & { connections: number, duration?: number, amount?: number }) => Promise<LoadResult>

function runChild (): void {
  const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon
  process.once('message', message => {
    const { request, options } = message as Job
    const length = 'seconds' in options ? { duration: options.seconds } : { amount: options.requests }
    autocannon({ ...request, connections: options.connections, ...length })
      .then(result => ({ result }), (error: unknown) => ({ error: error instanceof Error ? error.message : String(error) }))
      .then((reply: Reply) => process.send!(reply, () => process.disconnect()))
  })
  process.send!(READY)
}

if (process.argv.includes(CHILD_FLAG)) runChild()
