import type { ControlPlaneRuntime } from './runtime.ts'
import type { BatchOutcome, JobInput } from '../platform/jobs/job-step.ts'

/** What a job's batch may use of the runtime: no caller identity, since it runs later, on any instance. */
type JobDeps = Pick<ControlPlaneRuntime, 'db' | 'options' | 'modules' | 'state' | 'secrets' | 'hooks'>

/**
 * A kind of long work a resource starts with `startJob` and the job workers carry out in batches
 * (see `JobStep` for what a batch must do). Resources declare these beside their operations.
 */
export type JobKind = {
  /** The operation that starts such jobs, e.g. `pipelines.run_batch`. */
  kind: string
  step: (job: JobInput, limit: number, deps: JobDeps) => Promise<BatchOutcome>
}
