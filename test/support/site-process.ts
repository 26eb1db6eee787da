import { spawn } from 'node:child_process'
import { freePort } from './loopback-peer.ts'

export type SiteProcessOptions = {
  /** Named in errors: `the built server`, `the second host`. */
  what: string
  /** Node's arguments: its own flags (`--import tsx`, `--cpu-prof`), the entry and the entry's (`start --no-ui`). */
  args: readonly string[]
  /** @default this process's */
  cwd?: string
  /** The whole environment of the process; `HOST` and `PORT` are set on top of it. */
  env: NodeJS.ProcessEnv
  /** A port the site keeps across restarts. @default a free loopback port */
  port?: number
  /** How long it may take to print `Server listening on`. @default two minutes */
  timeoutMs?: number
  /**
   * Answer as soon as it is spawned, without reading what it prints on stdout: for a site that logs
   * every GraphQL operation, timed from its spawn by its first answer. @default false
   */
  unwatched?: boolean
}

/** A server in a Node process (and process group) of its own, listening on loopback. */
export type SiteProcess = {
  url: string
  /** The process that serves (what to measure, or to kill to play a crash). */
  pid: number
  /** `performance.now()` when it was spawned. */
  spawnedAt: number
  /** What it printed so far, stdout (unless unwatched) and stderr. */
  output: () => string
  /** Whether it still runs. */
  alive: () => boolean
  /** Ends its process group, as Ctrl-C in its terminal would, and waits for it to exit. */
  stop: () => Promise<void>
}

const MINUTE = 60_000

/**
 * Spawns a site's server (`keystone start`, `npm start`'s entry, the suite's host entry) on
 * loopback and waits until it prints `Server listening on`, as Keystone's `start` and
 * test/support/listen-host.ts do; rejects with everything it printed when it exits first or takes
 * longer than `timeoutMs`. Every server process of the suite and the benches starts here.
 */
export async function startSiteProcess ({ what, args, cwd, env, port: given, timeoutMs = 2 * MINUTE, unwatched = false }: SiteProcessOptions): Promise<SiteProcess> {
  const port = given ?? await freePort()
  const spawnedAt = performance.now()
  const child = spawn(process.execPath, args, {
    cwd,
    // Its own group: a server that starts a child of its own (`npm start` runs `keystone start`) stops whole.
    detached: true,
    stdio: ['ignore', unwatched ? 'ignore' : 'pipe', 'pipe'],
    env: { ...env, HOST: '127.0.0.1', PORT: String(port) },
  })
  let output = ''
  const exited = new Promise<number | null>(resolve => child.once('exit', code => resolve(code)))
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGINT')
    await exited
  }
  const listening = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} did not start within ${timeoutMs} ms:\n${output}`)), timeoutMs)
    const collect = (chunk: Buffer) => {
      output += chunk.toString()
      if (!/Server listening on/.test(output)) return
      clearTimeout(timer)
      resolve()
    }
    child.stdout?.on('data', collect)
    child.stderr!.on('data', unwatched ? (chunk: Buffer) => { output += chunk.toString() } : collect)
    void exited.then(code => { clearTimeout(timer); reject(new Error(`${what} exited with ${code}:\n${output}`)) })
  })
  // Rejected once it exits, also after it listened: that is no start's failure any more.
  listening.catch(() => {})
  if (!unwatched) await listening.catch(async error => { await stop(); throw error })
  const alive = () => child.exitCode === null && child.signalCode === null
  return { url: `http://127.0.0.1:${port}`, pid: child.pid!, spawnedAt, output: () => output, alive, stop }
}
