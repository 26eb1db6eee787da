import { list } from '@keystone-6/core'
import { text, timestamp } from '@keystone-6/core/fields'
import type { ListAccess } from '../../platform/auth/list-access.ts'

/**
 * When a welcome e-mail last went to each address (lower-cased). Keyed by address, not by slot,
 * so slots that share an address share one window, and every process sees the same one.
 */
export const welcomeEmailWindowList = ({ access, ui }: ListAccess) => list({
  access,
  ui: { ...ui, label: 'Welcome e-mail windows', hideNavigation: true },
  db: { map: 'svc_welcome_email_windows' },
  fields: {
    address: text({ validation: { isRequired: true }, isIndexed: 'unique' }),
    lastSentAt: timestamp({ validation: { isRequired: true }, db: { isNullable: false } }),
  },
})
