import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import type { Instance } from './instances.ts'
import type { ForwardReceiver } from './receiver.ts'
import type { Random } from './random.ts'
import { sleep } from './http.ts'

type FaultKind = 'kill' | 'pause' | 'receiver_hang' | 'pg_restart'
export type FaultLog = { at: number, kind: FaultKind, target: string, ms: number }

export type FaultPlan = {
  instances: Instance[]
  receiver: ForwardReceiver
  random: Random
  /** How many faults, spread over `durationMs` from the start of the load. */
  count: number
  durationMs: number
  /** The shell command that restarts PostgreSQL; without it no `pg_restart` is drawn. */
  pgRestart: string | undefined
  log: (line: string) => void
  /** Before a kill: work for the instance to hold when it dies. */
  beforeKill?: (target: Instance) => Promise<string>
  /** Right after a kill: the processes that died, and when. */
  killed?: (pids: number[], at: number) => void
}

const run = promisify(execFile)

/**
 * Injects `count` faults at moments drawn from the seeded generator. A killed instance is
 * restarted at once (its restart runs beside the next faults); a kill is only drawn while both
 * instances run, so one always serves. Resolves once every fault is over and every instance is up.
 */
export async function injectFaults (plan: FaultPlan): Promise<FaultLog[]> {
  const { random, instances, receiver } = plan
  // A kill counts twice: it is only drawn while both instances run, and a restart takes a while.
  const kinds: FaultKind[] = ['kill', 'kill', 'pause', 'receiver_hang', ...plan.pgRestart ? ['pg_restart' as const] : []]
  const moments = Array.from({ length: plan.count }, () => random.between(3_000, plan.durationMs - 8_000)).sort((a, b) => a - b)
  const started = Date.now()
  const done: FaultLog[] = []
  const restarts: Promise<void>[] = []
  const background: Promise<void>[] = []
  for (const moment of moments) {
    const wait = started + moment - Date.now()
    if (wait > 0) await sleep(wait)
    let kind = random.pick(kinds)
    const running = instances.filter(instance => instance.up)
    if (kind === 'kill' && running.length < instances.length) kind = random.pick(kinds.filter(other => other !== 'kill'))
    if (kind === 'pause' && running.length === 0) kind = 'receiver_hang'
    const at = Date.now() - started
    if (kind === 'kill') {
      const target = random.pick(running)
      const given = await plan.beforeKill?.(target)
      if (given) plan.log(`        before the kill: ${given}`)
      const pids = target.processIds()
      await target.kill()
      plan.killed?.(pids, Date.now())
      plan.log(`${(at / 1000).toFixed(1)}s  SIGKILL ${target.name}; restarting`)
      const began = Date.now()
      restarts.push(target.startSupervised().then(attempts => {
        plan.log(`        ${target.name} back after ${((Date.now() - began) / 1000).toFixed(1)}s${attempts > 1 ? ` (${attempts} starts: the database was restarting)` : ''}`)
      }))
      // Awaited once the faults are over; a restart that fails for good must not crash the run before then.
      restarts.at(-1)!.catch(() => undefined)
      done.push({ at, kind, target: target.name, ms: 0 })
    } else if (kind === 'pause') {
      const target = random.pick(running)
      const ms = Math.round(random.between(1_000, 5_000))
      target.pause()
      plan.log(`${(at / 1000).toFixed(1)}s  SIGSTOP ${target.name} for ${ms} ms`)
      background.push(sleep(ms).then(() => target.resume()))
      done.push({ at, kind, target: target.name, ms })
    } else if (kind === 'receiver_hang') {
      const ms = Math.round(random.between(3_000, 12_000))
      receiver.hang()
      plan.log(`${(at / 1000).toFixed(1)}s  forwarding receiver hangs for ${ms} ms`)
      background.push(sleep(ms).then(() => receiver.recover()))
      done.push({ at, kind, target: 'receiver', ms })
    } else {
      const began = Date.now()
      await run('bash', ['-c', plan.pgRestart!])
      const ms = Date.now() - began
      plan.log(`${(at / 1000).toFixed(1)}s  PostgreSQL restarted (${ms} ms)`)
      done.push({ at, kind, target: 'postgresql', ms })
    }
  }
  await Promise.all(background)
  await Promise.all(restarts)
  return done
}
