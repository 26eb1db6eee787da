import { randomBytes } from 'node:crypto'
import type { PrismaClient } from '../../generated/prisma/client.ts'
import type { Instance } from './instances.ts'
import { send, sleep } from './http.ts'
import { BASE } from './load.ts'

/** How long after a kill another instance took up one piece of work the killed one held. */
export type Takeover = { kind: 'outbox' | 'job', id: number, ms: number | null }

const LOOK_EVERY_MS = 100
const GIVE_UP_MS = 60_000

/** A holder column names its process first (`<pid>:<uuid>`, the workers' ids). */
const heldBy = (pids: number[]) => (holder: string | null) => holder !== null && pids.some(pid => holder.startsWith(`${pid}:`))

/**
 * Measures, for every kill, how long the outbox messages and jobs the killed instance had claimed
 * stay with it: from the SIGKILL until each is claimed by another worker, or is done.
 */
export class TakeoverWatch {
  readonly #db: PrismaClient
  readonly #adminKey: string
  readonly #watches: Promise<Takeover[]>[] = []

  constructor (db: PrismaClient, adminKey: string) {
    this.#db = db
    this.#adminKey = adminKey
  }

  /**
   * Before a kill: a `pipelines.run_batch` job (a dry run over every post, a recipe of its own)
   * started on the instance itself, and waited for until that instance works on it — so each kill
   * leaves a job behind unless it ends first. Answers what became of it, for the log.
   */
  async giveJob (instance: Instance): Promise<string> {
    const headers = { Authorization: `Bearer ${this.#adminKey}` }
    const url = `http://127.0.0.1:${instance.port}`
    try {
      const recipe = await send(url, 'POST', `${BASE}/manage/dispatch`, {
        resource: 'pipelines', action: 'create_recipe', params: { name: `Takeover ${randomBytes(4).toString('hex')}`, stages: [{ type: 'normalize_headings' }], trigger: { on: [] } },
      }, headers)
      const recipeId = (recipe.body as { data?: { id?: unknown } }).data?.id
      if (recipe.status !== 200 || recipeId === undefined) return `no job: create_recipe answered ${recipe.status}`
      const started = await send(url, 'POST', `${BASE}/manage/dispatch`, { resource: 'pipelines', action: 'run_batch', params: { filter: {}, recipe_id: recipeId, dry_run: true } }, headers)
      const jobId = (started.body as { data?: { job_id?: unknown } }).data?.job_id
      if (typeof jobId !== 'number') return `no job: run_batch answered ${started.status} ${JSON.stringify(started.body).slice(0, 200)}`
      const mine = heldBy(instance.processIds())
      for (const deadline = Date.now() + 5_000; Date.now() < deadline; await sleep(20)) {
        const job = await this.#db.svcJob.findUnique({ where: { id: jobId }, select: { holder: true, status: true, done: true, total: true, error: true } })
        if (!job || !['queued', 'running'].includes(job.status)) return `job ${jobId} ended before the kill (${job?.status}, ${job?.done} of ${job?.total}${job?.error ? `: ${job.error}` : ''})`
        if (mine(job.holder)) return `job ${jobId} held by ${instance.name}`
      }
      return `job ${jobId} not taken up by ${instance.name} within 5 s`
    } catch (error) {
      // The instance or the database is in a fault: this kill goes without a job of its own.
      return `no job: ${(error as Error).message}`
    }
  }

  /** Right after a kill of the processes `pids`: follows what they held until another worker has it. */
  killed (pids: number[], at: number): void {
    this.#watches.push(this.#follow(heldBy(pids), at))
  }

  async #follow (mine: (holder: string | null) => boolean, killedAt: number): Promise<Takeover[]> {
    const [messages, jobs] = await Promise.all([
      this.#db.svcOutboxMessage.findMany({ where: { status: 'pending', lockedBy: { not: null } }, select: { id: true, lockedBy: true } }),
      this.#db.svcJob.findMany({ where: { status: { in: ['queued', 'running'] }, holder: { not: null } }, select: { id: true, holder: true } }),
    ]).catch(() => [[], []] as const)
    const open: Takeover[] = [
      ...messages.filter(message => mine(message.lockedBy)).map(message => ({ kind: 'outbox' as const, id: message.id, ms: null })),
      ...jobs.filter(job => mine(job.holder)).map(job => ({ kind: 'job' as const, id: job.id, ms: null })),
    ]
    while (open.some(entry => entry.ms === null) && Date.now() - killedAt < GIVE_UP_MS) {
      await sleep(LOOK_EVERY_MS)
      for (const entry of open.filter(item => item.ms === null)) {
        const stillHeld = entry.kind === 'outbox'
          ? await this.#db.svcOutboxMessage.findUnique({ where: { id: entry.id }, select: { status: true, lockedBy: true } }).then(row => row?.status === 'pending' && mine(row.lockedBy), () => true)
          : await this.#db.svcJob.findUnique({ where: { id: entry.id }, select: { status: true, holder: true } }).then(row => ['queued', 'running'].includes(row?.status ?? '') && mine(row!.holder), () => true)
        if (!stillHeld) entry.ms = Date.now() - killedAt
      }
    }
    return open
  }

  /** Every kill's takeovers, once each is over (or given up on after a minute: `ms` null). */
  async results (): Promise<Takeover[]> {
    return (await Promise.all(this.#watches)).flat()
  }
}
