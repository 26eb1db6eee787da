/** Where a job stands: waiting for an instance, worked on, or ended (and how). */
export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const

export type JobStatus = typeof JOB_STATUSES[number]

/** The statuses of a job not yet ended: the ones that hold its kind and target. */
export const ACTIVE_JOB_STATUSES = ['queued', 'running'] as const satisfies readonly JobStatus[]

/** The key that allows one active job per kind and target. */
export const activeKeyOf = (kind: string, target: string): string => `${kind}:${target}`

/** A job as a `startsJob` operation answers it (`jobs.get` adds the rest): the one shape every door reads. */
export type JobAnswer = { job_id: number, status: JobStatus, progress: { done: number, total: number } }
