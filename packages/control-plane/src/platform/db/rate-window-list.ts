import { list } from '@keystone-6/core'
import { integer, text, timestamp } from '@keystone-6/core/fields'
import type { ListAccess } from '../auth/list-access.ts'

/** Fixed-window request counters (e.g. public form submissions per IP), shared by every instance. */
export const rateWindowList = ({ access, ui }: ListAccess) => list({
  access,
  ui: { ...ui, label: 'Rate windows', hideNavigation: true },
  db: { map: 'svc_rate_windows' },
  fields: {
    key: text({ validation: { isRequired: true }, isIndexed: 'unique' }),
    windowStart: timestamp({ validation: { isRequired: true }, isIndexed: true }),
    hits: integer({ defaultValue: 0, db: { isNullable: false } }),
  },
})
