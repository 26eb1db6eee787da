import { z } from 'zod'
import type { JobKind } from '../../../kernel/job-kind.ts'
import { PROCESSABLE, processDelivery } from '../ingest/process-delivery.ts'

/** What the job was started with: the source whose held deliveries it processes. */
const heldJobParams = z.object({ source_id: z.string() })

/** After the last delivery taken, by id: the next batch starts there. */
const cursorShape = z.object({ after: z.number().int() })

/** Tally keys besides the deliveries' outcomes (created, updated, skipped, held, failed…). */
const PASSED_OVER = { alreadyProcessed: 'already_processed', leftHeld: 'left_held' } as const

/**
 * A batch of `content_sources.process_held`: the source's next held (or never processed) deliveries,
 * oldest first, each processed as a live delivery is (mapped, written as a post, forwarded, its
 * ingest pipelines run). Each delivery is claimed in its own transaction, so a delivery a batch
 * processed before its instance stopped, or that live ingest took meanwhile, is passed over
 * (`already_processed`) by the instance that resumes the job. A source paused, or whose mapping
 * went stale, since the job started ends it: what is still held is counted as `left_held`, for
 * the next approval or re-enable.
 */
export const processHeldJob: JobKind = {
  kind: 'content_sources.process_held',
  async step (job, limit, deps) {
    const { source_id: sourceId } = heldJobParams.parse(job.params)
    const after = job.cursor === null ? 0 : cursorShape.parse(JSON.parse(job.cursor)).after
    const pending = { sourceId, id: { gt: after }, status: { in: PROCESSABLE } }
    const source = await deps.db.svcContentSource.findUnique({ where: { id: sourceId }, select: { enabled: true, mappingStatus: true } })
    if (!source?.enabled || source.mappingStatus !== 'approved') {
      const left = await deps.db.svcContentDelivery.count({ where: pending })
      return { cursor: job.cursor, done: left, tally: { [PASSED_OVER.leftHeld]: left }, finished: true }
    }
    const deliveries = await deps.db.svcContentDelivery.findMany({ where: pending, orderBy: { id: 'asc' }, take: limit, select: { id: true } })
    const tally: Record<string, number> = {}
    for (const { id } of deliveries) {
      const outcome = await processDelivery(deps, id)
      const key = outcome.claimed ? outcome.status : PASSED_OVER.alreadyProcessed
      tally[key] = (tally[key] ?? 0) + 1
    }
    return {
      cursor: JSON.stringify({ after: deliveries.at(-1)?.id ?? after }),
      done: deliveries.length,
      tally,
      finished: deliveries.length < limit,
    }
  },
}
