import { list } from '@keystone-6/core'
import { text, timestamp } from '@keystone-6/core/fields'
import type { ListAccess } from '../../platform/auth/list-access.ts'

/**
 * Named site variables. The value is kept as JSON text rather than a JSON column, so it comes back
 * exactly as stored on every provider (PostgreSQL's jsonb would refuse a "\u0000" escape).
 */
export const variableList = ({ access, ui }: ListAccess) => list({
  access,
  ui: { ...ui, label: 'Variables', listView: { initialColumns: ['name', 'valueJson', 'description', 'updatedAt'] } },
  db: { map: 'svc_variables' },
  fields: {
    name: text({ validation: { isRequired: true }, isIndexed: 'unique' }),
    valueJson: text({ validation: { isRequired: true }, ui: { displayMode: 'textarea' } }),
    description: text({ db: { isNullable: true }, ui: { displayMode: 'textarea' } }),
    createdAt: timestamp({ defaultValue: { kind: 'now' } }),
    updatedAt: timestamp({ db: { updatedAt: true } }),
  },
})
