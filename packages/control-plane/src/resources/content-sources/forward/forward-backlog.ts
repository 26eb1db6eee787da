import type { Db } from '../../../platform/db/client.ts'
import type { ForwardBacklog } from '../../../kernel/hooks/forwarding-backlog.ts'
import { FORWARD_TOPIC, forwardOrderingKey } from './forward-message.ts'

/** Each content source with the forwards still owed to its receiver and those that failed for good. */
export async function forwardBacklogs (db: Db): Promise<ForwardBacklog[]> {
  const [sources, groups] = await Promise.all([
    db.svcContentSource.findMany({ select: { id: true, slug: true, name: true }, orderBy: { slug: 'asc' } }),
    db.svcOutboxMessage.groupBy({
      by: ['orderingKey', 'status'],
      where: { topic: FORWARD_TOPIC, status: { in: ['pending', 'failed'] } },
      _count: { _all: true },
    }),
  ])
  const count = (key: string, status: string) =>
    groups.find(group => group.orderingKey === key && group.status === status)?._count._all ?? 0
  return sources.map(source => {
    const key = forwardOrderingKey(source.id)
    return { source: source.slug, name: source.name, pending: count(key, 'pending'), failed: count(key, 'failed') }
  })
}
