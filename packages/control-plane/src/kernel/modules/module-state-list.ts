import { list } from '@keystone-6/core'
import { checkbox, text, timestamp } from '@keystone-6/core/fields'
import type { ListAccess } from '../../platform/auth/list-access.ts'

/** A module's switch. No row means enabled, so a fresh site has every module on. */
export const moduleStateList = ({ access, graphql, ui }: ListAccess) => list({
  access,
  graphql,
  ui: { ...ui, label: 'Modules', listView: { initialColumns: ['key', 'enabled', 'updatedAt'] } },
  db: { map: 'svc_module_states' },
  fields: {
    key: text({ validation: { isRequired: true }, isIndexed: 'unique' }),
    enabled: checkbox({ defaultValue: true }),
    updatedAt: timestamp({ db: { updatedAt: true } }),
  },
})
