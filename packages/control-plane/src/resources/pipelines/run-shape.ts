import { z } from 'zod'
import { postIdValue } from './post-id.ts'
import { postIdFromStored } from '../../platform/host-contract/post-ids.ts'
import type { ResolvedContent } from '../../platform/host-contract/content.ts'
import { isoOrNull } from '../../platform/lib/timestamps.ts'
import { RUN_STATUSES, STAGE_STATUSES, TRIGGER_KINDS } from './values.ts'
import type { StageReport } from './engine/run-stages.ts'

export const stageReport = z.object({
  type: z.string(),
  status: z.enum(STAGE_STATUSES),
  changed: z.boolean(),
  duration_ms: z.number().int(),
  message: z.string().nullable(),
})

export const runRow = z.object({
  id: z.number().int(),
  source: z.string().nullable().describe('Slug of the content source that delivered the post; null for posts written by hand.'),
  post_id: postIdValue,
  recipe_id: z.string(),
  status: z.enum(RUN_STATUSES),
  trigger_kind: z.enum(TRIGGER_KINDS),
  is_dry_run: z.boolean(),
  changed: z.boolean(),
  duration_ms: z.number().int(),
  content_hash: z.string(),
  message: z.string().nullable(),
  created_at: z.string().nullable(),
})

export const runDetail = runRow.extend({ stages: z.array(stageReport) })

export const RUN_ROW_FIELDS = {
  id: true, source: true, postId: true, recipeId: true, status: true, triggerKind: true, isDryRun: true,
  changed: true, durationMs: true, contentHash: true, message: true, createdAt: true,
} as const

export type RunRowFields = {
  id: number
  source: string | null
  postId: string
  recipeId: string
  status: string
  triggerKind: string
  isDryRun: boolean
  changed: boolean
  durationMs: number
  contentHash: string
  message: string | null
  createdAt: Date
}

export function toRunRow (row: RunRowFields, content: ResolvedContent): z.input<typeof runRow> {
  return {
    id: row.id,
    source: row.source,
    post_id: postIdFromStored(content, row.postId),
    recipe_id: row.recipeId,
    status: row.status as z.input<typeof runRow>['status'],
    trigger_kind: row.triggerKind as z.input<typeof runRow>['trigger_kind'],
    is_dry_run: row.isDryRun,
    changed: row.changed,
    duration_ms: row.durationMs,
    content_hash: row.contentHash,
    message: row.message,
    created_at: isoOrNull(row.createdAt),
  }
}

export const toRunDetail = (row: RunRowFields & { stages: unknown }, content: ResolvedContent): z.input<typeof runDetail> =>
  ({ ...toRunRow(row, content), stages: (row.stages ?? []) as StageReport[] })
