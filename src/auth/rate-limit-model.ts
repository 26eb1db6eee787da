import { list } from '@keystone-6/core'
import { integer, text, timestamp } from '@keystone-6/core/fields'
import type { ListAccess } from '../lists.ts'

/** Request counters shared by every instance, in the shape `rate-limiter-flexible`'s Prisma store reads. */
export const rateLimitList = ({ access, ui }: ListAccess) => list({
  access,
  ui: { ...ui, hideNavigation: true },
  db: { map: 'svc_rate_limits' },
  fields: {
    key: text({ validation: { isRequired: true }, isIndexed: 'unique' }),
    points: integer({ defaultValue: 0, db: { isNullable: false } }),
    expire: timestamp({ db: { isNullable: true } }),
  },
})
