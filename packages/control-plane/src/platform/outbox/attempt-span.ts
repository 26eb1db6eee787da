import { SpanKind } from '@opentelemetry/api'
import { linksTo } from '../tracing/propagation.ts'
import { withSpan } from '../tracing/with-span.ts'
import { instruments } from '../tracing/instruments.ts'

type Attempted = { id: number, topic: string, attempts: number, traceparent: string | null }
type AttemptOutcome = 'delivered' | 'failed' | 'retry'

/**
 * One delivery attempt in a span of its own trace, linked to the span that queued the message (a
 * call's, kept in the row): the attempt may run a minute later on another instance. A retry or a
 * message given up sets the status ERROR; every attempt is counted by topic and outcome.
 */
export function withOutboxAttemptSpan (message: Attempted, attempt: () => Promise<AttemptOutcome>): Promise<AttemptOutcome> {
  return withSpan(`svc.outbox ${message.topic}`, async span => {
    const outcome = await attempt()
    span.setAttribute('svc.outbox.outcome', outcome)
    instruments().outboxAttempts.add(1, { 'svc.outbox.topic': message.topic, 'svc.outbox.outcome': outcome })
    return outcome
  }, {
    root: true,
    kind: SpanKind.CONSUMER,
    links: linksTo(message.traceparent),
    attributes: { 'svc.outbox.topic': message.topic, 'svc.outbox.message_id': message.id, 'svc.outbox.attempt': message.attempts + 1 },
    failureOf: outcome => outcome === 'delivered' ? undefined : outcome,
  })
}
