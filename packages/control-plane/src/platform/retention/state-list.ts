import { list } from '@keystone-6/core'
import { integer, text, timestamp } from '@keystone-6/core/fields'
import type { ListAccess } from '../auth/list-access.ts'

/**
 * One row per retention rule: what the pruner last found and removed, so the Health page reads
 * it without counting large tables; and one row per lease (`LEASE_KEY`, the instance that prunes;
 * `COUNTS_LEASE_KEY`, the one recounting `status.get`'s kept counts).
 */
export const retentionStateList = ({ access, ui }: ListAccess) => list({
  access,
  ui: { ...ui, label: 'Retention', hideNavigation: true },
  db: { map: 'svc_retention_state' },
  fields: {
    key: text({ validation: { isRequired: true }, isIndexed: 'unique' }),
    rows: integer({ defaultValue: 0, db: { isNullable: false } }),
    oldestAt: timestamp({ db: { isNullable: true } }),
    lastPrunedAt: timestamp({ db: { isNullable: true } }),
    lastPruned: integer({ defaultValue: 0, db: { isNullable: false } }),
    holder: text({ db: { isNullable: true } }),
    heldUntil: timestamp({ db: { isNullable: true } }),
  },
})
