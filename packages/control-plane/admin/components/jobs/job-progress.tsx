import { ProgressBar } from '@keystar/ui/progress'
import type { Job } from '../../lib/records.ts'

/** A job's progress as a bar: done of total, with its status; a job with nothing to do is full. */
export function JobProgress ({ job, label }: { job: Pick<Job, 'job_id' | 'status' | 'progress'>, label?: string }) {
  const { done, total } = job.progress
  return (
    <ProgressBar
      label={label ?? `Job ${job.job_id}: ${job.status}`}
      value={total === 0 ? 1 : done}
      maxValue={total === 0 ? 1 : total}
      valueLabel={`${done} of ${total}`}
      data-testid={`job-progress-${job.job_id}`}
      data-status={job.status}
      width='100%'
    />
  )
}
