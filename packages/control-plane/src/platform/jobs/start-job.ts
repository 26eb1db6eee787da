import type { Db } from '../db/client.ts'
import { isUniqueViolation } from '../db/client.ts'
import type { Identity } from '../auth/identity.ts'
import { conflict } from '../errors/errors.ts'
import { jsonColumn } from '../lib/json-value.ts'
import { activeKeyOf } from './job-status.ts'
import { jobCredentialOf } from './started-by.ts'
import { causeTraceparent } from '../tracing/call-span.ts'

export type JobRequest = {
  /** The operation that starts it, e.g. `pipelines.run_batch`: the kind of job, and the operation its audit entry names. */
  kind: string
  /** What it works on, e.g. a recipe: one job per kind and target runs at a time. */
  target: string
  params: Record<string, unknown>
  /** The items it will take care of, known when it starts. */
  total: number
  identity: Identity
  /** The channel of the door the starting call came in by, recorded with the job's audit entry. */
  channel: string
  now: Date
}

/** What an operation says of the job it starts (`context.startJob`); who starts it and through which door, the call knows. */
export type JobOrder = Pick<JobRequest, 'target' | 'params' | 'total'>

export type StartedJob = { id: number, status: 'queued', done: number, total: number }

/**
 * Queues a job for the workers. A job of the same kind on the same target still queued or running
 * is a 409 `conflict` naming it (`details.job_id`): the database's unique key decides between instances.
 */
export async function startJob (db: Db, request: JobRequest): Promise<StartedJob> {
  const { identity } = request
  try {
    const row = await db.svcJob.create({
      data: {
        kind: request.kind,
        target: request.target,
        activeKey: activeKeyOf(request.kind, request.target),
        status: 'queued',
        params: jsonColumn(request.params),
        traceparent: causeTraceparent(),
        total: request.total,
        actorId: identity.account.id,
        actorEmail: identity.account.email,
        actorMode: identity.mode,
        keyId: jobCredentialOf(identity),
        channel: request.channel,
        createdAt: request.now,
      },
      select: { id: true, done: true, total: true },
    })
    return { ...row, status: 'queued' }
  } catch (error) {
    if (!isUniqueViolation(error)) throw error
    const running = await db.svcJob.findUnique({ where: { activeKey: activeKeyOf(request.kind, request.target) }, select: { id: true } })
    throw conflict(`a ${request.kind} job on ${request.target} is already under way${running ? ` (job ${running.id})` : ''}; wait for it or cancel it`, running ? { job_id: running.id } : undefined)
  }
}
