import { z } from 'zod'

/** Where a job stands: waiting for an instance, worked on, or ended (and how). */
export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const

export type JobStatus = typeof JOB_STATUSES[number]

/** The statuses of a job not yet ended: the ones that hold its kind and target. */
export const ACTIVE_JOB_STATUSES = ['queued', 'running'] as const satisfies readonly JobStatus[]

/** The key that allows one active job per kind and target. */
export const activeKeyOf = (kind: string, target: string): string => `${kind}:${target}`

export const jobProgress = z.object({
  done: z.number().int().describe('Items taken care of so far (skipped ones included).'),
  total: z.number().int().describe('Items the job selected when it started.'),
})

/** What an operation that starts a job answers (with 202 and the job's Location); `jobs.get` adds the rest. */
export const jobStarted = z.object({
  job_id: z.number().int().describe('Follow it with jobs.get; the Location header names its read form.'),
  status: z.enum(JOB_STATUSES),
  progress: jobProgress,
})

/** A job as a `startsJob` operation answers it: the one shape every door reads. */
export type JobAnswer = z.output<typeof jobStarted>
