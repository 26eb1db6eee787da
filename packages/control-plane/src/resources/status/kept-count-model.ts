import { list } from '@keystone-6/core'
import { integer, text, timestamp } from '@keystone-6/core/fields'
import type { ListAccess } from '../../platform/auth/list-access.ts'

/**
 * The last count of each kept status counter (one that counts a table growing without bound), so
 * `status.get` reads one small table instead of counting a large one on every call.
 */
export const keptCountList = ({ access, ui }: ListAccess) => list({
  access,
  ui: { ...ui, label: 'Kept counts', hideNavigation: true },
  db: { map: 'svc_kept_counts' },
  fields: {
    key: text({ validation: { isRequired: true }, isIndexed: 'unique' }),
    count: integer({ defaultValue: 0, db: { isNullable: false } }),
    countedAt: timestamp({ db: { isNullable: true } }),
  },
})
