import { list } from '@keystone-6/core'
import { integer, text } from '@keystone-6/core/fields'
import type { ListAccess } from '../../platform/auth/list-access.ts'
import { compoundUnique } from '../../platform/db/compound-unique.ts'

/**
 * Counts kept per series, period and dimension (leads per day by source, runs per day by status,
 * audit entries per hour by door, …) for the Admin UI's charts. Written only by the database's
 * own triggers (migration `0024_tallies`), in the transaction of the row they count, so a chart
 * reads one range of the unique index instead of the rows themselves.
 */
export const tallyList = ({ access, ui }: ListAccess) => list({
  access,
  ui: { ...ui, label: 'Tallies', hideNavigation: true },
  db: {
    map: 'svc_tallies',
    idField: { kind: 'autoincrement' },
    extendPrismaSchema: compoundUnique('series', 'bucket', 'dimension'),
  },
  fields: {
    series: text({ validation: { isRequired: true } }),
    /** `YYYY-MM-DD` or `YYYY-MM-DDTHH` (UTC), or '' for a count with no period (leads by status). */
    bucket: text(),
    dimension: text(),
    count: integer({ defaultValue: 0, db: { isNullable: false } }),
  },
})
