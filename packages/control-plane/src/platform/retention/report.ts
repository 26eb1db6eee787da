import type { Db } from '../db/client.ts'
import { isoOrNull } from '../lib/timestamps.ts'
import type { ResolvedRetention } from './retention-options.ts'

/** Each rule with its days and the pruner's last notes on it; a table the pruner cannot read yet reports no notes. */
export async function retentionReport (db: Db, retention: ResolvedRetention) {
  const notes = await db.svcRetentionState.findMany({ where: { key: { in: retention.rules.map(({ rule }) => rule.name) } } }).catch(() => [])
  return retention.rules.map(({ rule, days }) => {
    const note = notes.find(row => row.key === rule.name)
    return {
      rule: rule.name,
      table: rule.table,
      removes: rule.removes,
      days,
      rows: note ? note.rows : null,
      oldest_at: isoOrNull(note?.oldestAt),
      last_pruned_at: isoOrNull(note?.lastPrunedAt),
      last_pruned: note?.lastPruned ?? 0,
    }
  })
}
