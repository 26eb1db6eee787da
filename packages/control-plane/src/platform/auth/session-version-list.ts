import { list } from '@keystone-6/core'
import { integer, text } from '@keystone-6/core/fields'
import type { ListAccess } from './list-access.ts'

/**
 * The session version of each host account that has ended its sessions at least once. The
 * accounts list is the host's, so the version lives here, keyed by the account id as text.
 */
export const sessionVersionList = ({ access, ui }: ListAccess) => list({
  access,
  ui: { ...ui, label: 'Session versions', hideNavigation: true },
  db: { map: 'svc_session_versions' },
  fields: {
    accountId: text({ validation: { isRequired: true }, isIndexed: 'unique' }),
    version: integer({ defaultValue: 0, db: { isNullable: false } }),
  },
})
