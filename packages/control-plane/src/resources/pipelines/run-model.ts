import { list } from '@keystone-6/core'
import { checkbox, integer, json, text, timestamp } from '@keystone-6/core/fields'
import type { ListAccess } from '../../platform/auth/list-access.ts'
import { compoundIndexes } from '../../platform/db/compound-index.ts'
import { compoundUnique } from '../../platform/db/compound-unique.ts'

/**
 * One pipeline run over one post, written in the transaction that wrote the post (when it did).
 * `postId` is a plain column (the host's post id as text), not a relation, so the history outlives a deleted post.
 */
export const pipelineRunList = ({ access, ui }: ListAccess) => list({
  access,
  ui: { ...ui, label: 'Pipeline runs', listView: { initialColumns: ['postId', 'recipeId', 'status', 'triggerKind', 'changed', 'createdAt'] } },
  db: {
    map: 'svc_pipeline_runs',
    idField: { kind: 'autoincrement' },
    // pipelines.list_runs pages newest first by id, within a filter; a batch job runs a post once.
    extendPrismaSchema: model => compoundUnique('jobId', 'postId')(compoundIndexes(['postId', 'id'], ['recipeId', 'id'], ['status', 'id'])(model)),
  },
  fields: {
    source: text({ db: { isNullable: true } }),
    postId: text({ validation: { isRequired: true } }),
    recipeId: text({ validation: { isRequired: true } }),
    status: text({ validation: { isRequired: true } }),
    triggerKind: text({ validation: { isRequired: true } }),
    isDryRun: checkbox({ defaultValue: false }),
    changed: checkbox({ defaultValue: false }),
    durationMs: integer({ defaultValue: 0, db: { isNullable: false } }),
    contentHash: text(),
    message: text({ db: { isNullable: true } }),
    stages: json({ defaultValue: [] }),
    /** The `pipelines.run_batch` job that made the run; null for a run of its own. */
    jobId: integer({ db: { isNullable: true } }),
    createdAt: timestamp({ defaultValue: { kind: 'now' }, validation: { isRequired: true }, isIndexed: true }),
  },
})
