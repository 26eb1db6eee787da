import { z } from 'zod'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { endJob } from '../../../platform/jobs/end-job.ts'
import { auditRecordOf } from '../../../platform/jobs/audit-ended-job.ts'
import { EXAMPLE_JOB_SETUP } from '../example-job.ts'
import { jobIdParam, jobRecord, readJobRecord } from '../shape.ts'
import { reachableJobs } from '../reach.ts'

export const cancelJob = defineOperation({
  summary: 'Cancel a job: a queued one ends at once, a running one after its current batch.',
  description: 'What its finished batches did stays done. Cancelling a job that already ended changes nothing and answers it as it is.',
  idempotent: true,
  // Jobs are started by other resources' operations: the batch run is offered on hosts with posts, the refusal on every host.
  examples: [
    { title: 'Cancel a batch run', setup: EXAMPLE_JOB_SETUP, params: { job_id: '{{job.job_id}}' } },
    { title: 'A job that does not exist', params: { job_id: 2147483647 }, refusal: 'not_found' },
  ],
  errors: ['not_found'],
  params: z.object({ job_id: jobIdParam }),
  returns: jobRecord,
  ownRecords: true,
  async handler ({ job_id }, context) {
    const { db } = context
    const reach = reachableJobs(context, 'jobs.cancel')
    const { count } = await db.svcJob.updateMany({ where: { AND: [{ id: job_id, status: { in: ['queued', 'running'] } }, reach] }, data: { cancelRequested: true } })
    // A job no worker holds yet ends here; a held one ends when its worker reads the request.
    const ended = count === 1 ? await endJob(db, { id: job_id, holder: null }, 'cancelled', null, context.now()) : null
    if (ended) await context.auditSideCall(auditRecordOf(ended))
    return { data: await readJobRecord(db, job_id, reach), changed: count === 1 }
  },
})
