import { list } from '@keystone-6/core'
import { integer, text } from '@keystone-6/core/fields'
import type { ListAccess } from '../auth/list-access.ts'

/** Named integer counters such as `crm_count`, kept in the database so every instance agrees. */
export const counterList = ({ access, ui }: ListAccess) => list({
  access,
  ui: { ...ui, label: 'Counters', hideNavigation: true },
  db: { map: 'svc_counters' },
  fields: {
    key: text({ validation: { isRequired: true }, isIndexed: 'unique' }),
    value: integer({ validation: { isRequired: true }, defaultValue: 0 }),
  },
})
