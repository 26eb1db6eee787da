import { z } from 'zod'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { pagedResult, paginationParams, toPage } from '../../../platform/lib/pagination.ts'
import { JOB_STATUSES } from '../../../platform/jobs/job-status.ts'
import { JOB_ROW_FIELDS, jobRecord, toJobRecord } from '../shape.ts'
import { reachableJobs } from '../reach.ts'

export const listJobs = defineOperation({
  summary: 'Page through the jobs, newest first.',
  readonly: true,
  examples: [{ title: 'The jobs under way', params: { status: 'running' } }],
  params: z.object({
    ...paginationParams,
    status: z.enum(JOB_STATUSES).optional().describe('Only jobs with this status.'),
    kind: z.string().trim().min(1).max(100).optional().describe('Only jobs started by this operation, e.g. pipelines.run_batch.'),
  }),
  returns: pagedResult(jobRecord),
  ownRecords: true,
  async handler (params, context) {
    const { db } = context
    const page = toPage(params)
    const where = {
      AND: [
        reachableJobs(context, 'jobs.list'),
        {
          ...(params.status === undefined ? {} : { status: params.status }),
          ...(params.kind === undefined ? {} : { kind: params.kind }),
        },
      ],
    }
    const [rows, total] = await Promise.all([
      db.svcJob.findMany({ where, select: JOB_ROW_FIELDS, orderBy: { id: 'desc' }, skip: page.skip, take: page.take }),
      db.svcJob.count({ where }),
    ])
    return { data: { items: rows.map(toJobRecord), total, page: page.page, per_page: page.perPage }, changed: false }
  },
})
