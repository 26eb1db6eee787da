import { z } from 'zod'
import { isoOrNull } from '../../platform/lib/timestamps.ts'
import { JOB_STATUSES, jobProgress, type JobStatus } from '../../platform/jobs/job-status.ts'
import { rowIdParam } from '../../platform/db/row-id.ts'
import { notFound } from '../../platform/errors/errors.ts'
import type { Db } from '../../platform/db/client.ts'

export const jobIdParam = rowIdParam.describe('Job id, as the operation that started the job answered it (job_id).')

export const jobRecord = z.object({
  job_id: z.number().int(),
  kind: z.string().describe('The operation that started it, e.g. pipelines.run_batch.'),
  target: z.string().describe('What it works on (a recipe, a ledger); one job per kind and target runs at a time.'),
  status: z.enum(JOB_STATUSES),
  progress: jobProgress,
  cancel_requested: z.boolean().describe('jobs.cancel was called; a running job stops after its current batch.'),
  result: z.record(z.string(), z.number().int()).describe('Counts by outcome so far (for pipelines.run_batch: runs by status).'),
  error: z.string().nullable().describe('Why it failed; null unless failed.'),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
})

export const JOB_ROW_FIELDS = {
  id: true, kind: true, target: true, status: true, done: true, total: true, cancelRequested: true, tally: true, error: true,
  createdAt: true, startedAt: true, finishedAt: true,
} as const

type JobRow = {
  id: number, kind: string, target: string, status: string, done: number, total: number, cancelRequested: boolean, tally: unknown,
  error: string | null, createdAt: Date, startedAt: Date | null, finishedAt: Date | null
}

export function toJobRecord (row: JobRow): z.input<typeof jobRecord> {
  return {
    job_id: row.id,
    kind: row.kind,
    target: row.target,
    status: row.status as JobStatus,
    progress: { done: row.done, total: row.total },
    cancel_requested: row.cancelRequested,
    result: (row.tally ?? {}) as Record<string, number>,
    error: row.error,
    created_at: row.createdAt.toISOString(),
    started_at: isoOrNull(row.startedAt),
    finished_at: isoOrNull(row.finishedAt),
  }
}

/** The jobs a caller reaches (`reachableJobs`), as a filter of `svc_jobs`. */
export type JobReach = NonNullable<NonNullable<Parameters<Db['svcJob']['findFirst']>[0]>['where']>

/** The job as `jobs.get` answers it, or 404 when there is none the caller reaches (whether it exists is not told). */
export async function readJobRecord (db: Db, id: number, reach: JobReach): Promise<z.input<typeof jobRecord>> {
  const row = await db.svcJob.findFirst({ where: { AND: [{ id }, reach] }, select: JOB_ROW_FIELDS })
  if (!row) throw notFound(`no job ${id}`)
  return toJobRecord(row)
}
