import type { ObservableCallback } from '@opentelemetry/api'
import type { Db } from '../db/client.ts'
import { instruments } from '../tracing/instruments.ts'

/**
 * Reports the outbox's waiting messages by topic (`svc.outbox.depth`) whenever the host's metric
 * reader collects, with one grouped count; answers the function that stops reporting. Only a
 * registered meter provider ever calls it.
 */
export function observeOutboxDepth (db: Db): () => void {
  const gauge = instruments().outboxDepth
  const observe: ObservableCallback = async result => {
    const topics = await db.svcOutboxMessage.groupBy({ by: ['topic'], where: { status: 'pending' }, _count: { _all: true } })
    for (const topic of topics) result.observe(topic._count._all, { 'svc.outbox.topic': topic.topic })
  }
  gauge.addCallback(observe)
  return () => gauge.removeCallback(observe)
}
