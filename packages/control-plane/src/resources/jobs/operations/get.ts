import { z } from 'zod'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { EXAMPLE_JOB_SETUP } from '../example-job.ts'
import { jobIdParam, jobRecord, readJobRecord } from '../shape.ts'
import { reachableJobs } from '../reach.ts'

export const getJob = defineOperation({
  summary: 'Read a job: its status, progress, and result or error.',
  readonly: true,
  // Jobs are started by other resources' operations: the batch run is offered on hosts with posts, the refusal on every host.
  examples: [
    { title: 'Follow a batch run', setup: EXAMPLE_JOB_SETUP, params: { job_id: '{{job.job_id}}' } },
    { title: 'A job that does not exist', params: { job_id: 2147483647 }, refusal: 'not_found' },
  ],
  errors: ['not_found'],
  params: z.object({ job_id: jobIdParam }),
  returns: jobRecord,
  ownRecords: true,
  async handler ({ job_id }, context) {
    return { data: await readJobRecord(context.db, job_id, reachableJobs(context, 'jobs.get')), changed: false }
  },
})
