import { defineResource } from '../../kernel/define-resource.ts'
import { cancelJob } from './operations/cancel.ts'
import { getJob } from './operations/get.ts'
import { listJobs } from './operations/list.ts'

/** Long work other operations started (`pipelines.run_batch`): its progress, and a way to stop it. */
export const jobsResource = defineResource({
  name: 'jobs',
  module: 'locked',
  operations: { cancel: cancelJob, get: getJob, list: listJobs },
})
