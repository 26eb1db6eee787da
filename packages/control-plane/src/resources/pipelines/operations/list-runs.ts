import { z } from 'zod'
import { hostPostId, postIdParam } from '../post-id.ts'
import { requireContent } from '../../../platform/host-contract/posts.ts'
import { storedPostId } from '../../../platform/host-contract/post-ids.ts'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { cursorPagedResult, paginationParams } from '../../../platform/lib/pagination.ts'
import { afterId, cursorParam, keysetResult, pageTotal, toKeysetPage } from '../../../platform/lib/cursor.ts'
import { RUN_ROW_FIELDS, runRow, toRunRow } from '../run-shape.ts'
import { recipeIdParam } from '../recipe-shape.ts'
import { RUN_STATUSES } from '../values.ts'

export const listRuns = defineOperation({
  summary: 'Page through the pipeline run history, newest first.',
  readonly: true,
  examples: [{ title: 'The runs of one post', params: { post_id: '{{post.id}}', per_page: 10 } }],
  params: z.object({
    ...paginationParams,
    cursor: cursorParam.optional(),
    post_id: postIdParam.optional().describe('Only runs over this post.'),
    recipe_id: recipeIdParam.optional().describe('Only runs of this recipe.'),
    status: z.enum(RUN_STATUSES).optional().describe('Only runs with this status.'),
  }),
  returns: cursorPagedResult(runRow),
  async handler (params, { db, options }) {
    const page = toKeysetPage(params)
    const content = requireContent(options)
    const where = {
      ...(params.post_id === undefined ? {} : { postId: storedPostId(hostPostId(content, params.post_id)) }),
      ...(params.recipe_id === undefined ? {} : { recipeId: params.recipe_id }),
      ...(params.status === undefined ? {} : { status: params.status }),
    }
    const [read, total] = await Promise.all([
      db.svcPipelineRun.findMany({ where: { ...where, ...afterId(page) }, select: RUN_ROW_FIELDS, orderBy: { id: 'desc' }, skip: page.skip, take: page.take }),
      pageTotal(page, () => db.svcPipelineRun.count({ where })),
    ])
    const { rows, nextCursor } = keysetResult(read, page, row => ({ id: row.id }), total)
    return { data: { items: rows.map(row => toRunRow(row, content)), total, page: page.page, per_page: page.perPage, next_cursor: nextCursor }, changed: false }
  },
})
