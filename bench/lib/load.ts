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
  /** Answers to a `writes` request that did not report `"changed":true`. */
  unchanged: number
}

export type LoadRequest = {
  url: string
  method: 'GET' | 'POST'
  headers?: Record<string, string>
  /**
   * For `writes`, a template: `{{seq}}` becomes a number no other request gets, and
   * `{{slot}}` one of `writes.slots` values (1…slots, or the values given) in turn, so every request really writes.
   */
  body?: string
  /** Every answer must contain `answers` (default `"changed":true`). */
  writes?: { slots: number | readonly string[], answers?: string }
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
    // The child inherits process.execArgv (minus a profiler flag), so it runs under tsx like the parent.
    const execArgv = process.execArgv.filter(arg => !arg.startsWith('--cpu-prof'))
    const child = fork(fileURLToPath(import.meta.url), [CHILD_FLAG], { execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
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
  if (result.unchanged > 0) problems.push(`${result.unchanged} writes answered without "changed":true`)
  if (result.requests.total === 0) problems.push('no request completed')
  return problems
}

type RequestSetup = {
  body?: string
  setupRequest?: (request: { body?: string }) => { body?: string }
  onResponse?: (status: number, body: string) => void
}
type Autocannon = (options: Omit<LoadRequest, 'writes'> & {
  connections: number
  duration?: number
  amount?: number
  requests?: RequestSetup[]
}) => Promise<Omit<LoadResult, 'unchanged'>>

/** The per-request body and answer check of a `writes` request. */
function writeSequence (template: string, { slots, answers = '"changed":true' }: NonNullable<LoadRequest['writes']>, unchanged: { count: number }): RequestSetup {
  // Microseconds since the epoch: no earlier run can have written the same value.
  let seq = Date.now() * 1000
  const slotOf = typeof slots === 'number' ? (n: number) => String(n % slots + 1) : (n: number) => slots[n % slots.length]!
  return {
    setupRequest (request) {
      seq += 1
      return { ...request, body: template.replaceAll('{{seq}}', String(seq)).replaceAll('{{slot}}', slotOf(seq)) }
    },
    onResponse (status, body) {
      if (status < 300 && !body.includes(answers)) unchanged.count += 1
    },
  }
}

function runChild (): void {
  const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon
  process.once('message', message => {
    const { request: { writes, ...request }, options } = message as Job
    const length = 'seconds' in options ? { duration: options.seconds } : { amount: options.requests }
    const unchanged = { count: 0 }
    const sequence = writes ? { requests: [writeSequence(request.body ?? '', writes, unchanged)] } : {}
    void autocannon({ ...request, ...sequence, connections: options.connections, ...length })
      .then(result => ({ result: { ...result, unchanged: unchanged.count } }), (error: unknown) => ({ error: error instanceof Error ? error.message : String(error) }))
      .then((reply: Reply) => process.send!(reply, () => process.disconnect()))
  })
  process.send!(READY)
}

if (process.argv.includes(CHILD_FLAG)) runChild()
