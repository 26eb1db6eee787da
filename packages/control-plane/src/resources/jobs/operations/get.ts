import { z } from 'zod'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { notFound } from '../../../platform/errors/errors.ts'
import { EXAMPLE_JOB_SETUP } from '../example-job.ts'
import { JOB_ROW_FIELDS, jobIdParam, jobRecord, toJobRecord } from '../shape.ts'

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
  async handler ({ job_id }, { db }) {
    const row = await db.svcJob.findUnique({ where: { id: job_id }, select: JOB_ROW_FIELDS })
    if (!row) throw notFound(`no job ${job_id}`)
    return { data: toJobRecord(row), changed: false }
  },
})
