import type { Job } from '../../lib/records.ts'

/** A job not yet ended: the pages keep asking about it. */
export const isActive = (job: Pick<Job, 'status'>): boolean => job.status === 'queued' || job.status === 'running'

/** How often a page asks about a job under way, in milliseconds. */
export const JOB_POLL_MS = 1000
