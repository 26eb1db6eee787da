import { spawn, type ChildProcess } from 'node:child_process'
import { createWriteStream, mkdirSync, readdirSync, readFileSync, type WriteStream } from 'node:fs'
import path from 'node:path'

/**
 * One instance of the built demo server, started as `npm start` starts it (`tsx scripts/start.ts`,
 * production, in its own process group) on a fixed port, so it comes back on the same port after
 * a kill. What it prints goes to `logFile`.
 */
export class Instance {
  readonly name: string
  readonly port: number
  readonly logFile: string
  #env: NodeJS.ProcessEnv
  #child: ChildProcess | null = null
  #log: WriteStream
  #paused = false
  starts = 0

  constructor (name: string, port: number, env: NodeJS.ProcessEnv, logDir: string) {
    this.name = name
    this.port = port
    this.#env = env
    mkdirSync(logDir, { recursive: true })
    this.logFile = path.join(logDir, `instance-${name}.log`)
    this.#log = createWriteStream(this.logFile)
  }

  get up (): boolean { return this.#child !== null && !this.#paused }

  async start (timeoutMs = 180_000): Promise<void> {
    const { NODE_ENV: _mode, NODE_OPTIONS: _loader, ...inherited } = process.env
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...inherited, ...this.#env, PORT: String(this.port) },
    })
    this.starts++
    this.#log.write(`\n==== start ${this.starts} (pid ${child.pid}) ${new Date().toISOString()}\n`)
    let output = ''
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`instance ${this.name} did not start:\n${output.slice(-4000)}`)), timeoutMs)
      const collect = (chunk: Buffer) => {
        this.#log.write(chunk)
        if (output.length < 100_000) output += chunk.toString()
        if (/Server listening on/.test(output)) { clearTimeout(timer); output = ''; resolve() }
      }
      child.stdout.on('data', collect)
      child.stderr.on('data', collect)
      child.once('exit', code => { clearTimeout(timer); reject(new Error(`instance ${this.name} exited with ${code}:\n${output.slice(-4000)}`)) })
    })
    this.#child = child
    child.once('exit', () => { if (this.#child === child) this.#child = null })
  }

  /**
   * Starts again until it listens, as a process supervisor would: a start that meets the database
   * restarting exits, and is tried again after a pause.
   */
  async startSupervised (attempts = 6): Promise<number> {
    for (let attempt = 1; ; attempt++) {
      try {
        await this.start()
        return attempt
      } catch (error) {
        if (attempt >= attempts) throw error
        this.#log.write(`\n==== start ${this.starts} failed; the supervisor tries again\n`)
        await new Promise(resolve => setTimeout(resolve, 2_000))
      }
    }
  }

  /** The processes of its group (start.ts and the server it runs), as Linux's /proc lists them; none while it is down. */
  processIds (): number[] {
    const group = this.#child?.pid
    if (group === undefined) return []
    return readdirSync('/proc').filter(entry => /^\d+$/.test(entry)).flatMap(entry => {
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
        // After the command name in parentheses: state, parent, process group.
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]) === group ? [Number(entry)] : []
      } catch {
        return [] // gone meanwhile
      }
    })
  }

  /** SIGKILL to the whole group (start.ts and the `keystone start` it runs): no shutdown code runs. */
  async kill (): Promise<void> {
    const child = this.#child
    if (!child) return
    this.#child = null
    this.#paused = false
    const exited = new Promise(resolve => child.once('exit', resolve))
    process.kill(-child.pid!, 'SIGKILL')
    await exited
  }

  pause (): void {
    if (!this.#child) return
    process.kill(-this.#child.pid!, 'SIGSTOP')
    this.#paused = true
  }

  resume (): void {
    if (!this.#child) return
    process.kill(-this.#child.pid!, 'SIGCONT')
    this.#paused = false
  }

  async stop (): Promise<void> {
    const child = this.#child
    if (!child) return
    if (this.#paused) this.resume()
    this.#child = null
    const exited = new Promise(resolve => child.once('exit', resolve))
    process.kill(-child.pid!, 'SIGTERM')
    const timer = setTimeout(() => { try { process.kill(-child.pid!, 'SIGKILL') } catch { /* gone */ } }, 10_000)
    await exited
    clearTimeout(timer)
    this.#log.end()
  }
}
