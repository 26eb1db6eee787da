import { z } from 'zod'
import { requireContent } from '../../../platform/host-contract/posts.ts'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { notFound } from '../../../platform/errors/errors.ts'
import { RUN_ROW_FIELDS, runDetail, toRunDetail } from '../run-shape.ts'
import { rowIdParam } from '../../../platform/db/row-id.ts'

export const getRun = defineOperation({
  summary: 'Read one pipeline run with its per-stage results.',
  readonly: true,
  examples: [{
    title: 'Read a run with its per-stage results',
    setup: [{ operation: 'pipelines.run', params: { post_id: '{{post.id}}', dry_run: true }, as: 'run' }],
    params: { id: '{{run.run_id}}' },
  }],
  params: z.object({ id: rowIdParam.describe('Run id, from list_runs or run.') }),
  returns: runDetail,
  async handler ({ id }, { db, options }) {
    const row = await db.svcPipelineRun.findUnique({ where: { id }, select: { ...RUN_ROW_FIELDS, stages: true } })
    if (!row) throw notFound(`no pipeline run ${id}`)
    return { data: toRunDetail(row, requireContent(options)), changed: false }
  },
})
