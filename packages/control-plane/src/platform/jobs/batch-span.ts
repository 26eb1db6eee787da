import { SpanKind } from '@opentelemetry/api'
import { linksTo } from '../tracing/propagation.ts'
import { withSpan } from '../tracing/with-span.ts'
import { instruments } from '../tracing/instruments.ts'
import type { BatchOutcome } from './job-step.ts'

type Batched = { id: number, kind: string, traceparent: string | null }

/**
 * One batch of a job in a span of its own trace, linked to the call that started the job (kept in
 * its row): the batches of one job may run on several instances, long after the call answered.
 * The items each batch got through are the job's progress, counted by kind.
 */
export function withJobBatchSpan (job: Batched, batch: () => Promise<BatchOutcome>): Promise<BatchOutcome> {
  return withSpan(`svc.job ${job.kind}`, async span => {
    const outcome = await batch()
    span.setAttributes({ 'svc.job.items': outcome.done, 'svc.job.finished': outcome.finished })
    instruments().jobItems.add(outcome.done, { 'svc.job.kind': job.kind })
    return outcome
  }, {
    root: true,
    kind: SpanKind.CONSUMER,
    links: linksTo(job.traceparent),
    attributes: { 'svc.job.id': job.id, 'svc.job.kind': job.kind },
  })
}
