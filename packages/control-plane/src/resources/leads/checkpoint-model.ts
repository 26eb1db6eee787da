import { list } from '@keystone-6/core'
import { integer, text, timestamp } from '@keystone-6/core/fields'
import type { ListAccess } from '../../platform/auth/list-access.ts'

/**
 * Where the last clean `leads.verify_all` ended: every event up to `lastEventId` was recomputed
 * and matched, so a verify from the checkpoint recomputes only the events written since.
 */
export const leadChainCheckpointList = ({ access, ui }: ListAccess) => list({
  access,
  ui: { ...ui, label: 'Lead chain checkpoints', hideNavigation: true },
  db: { map: 'svc_lead_chain_checkpoints' },
  fields: {
    key: text({ validation: { isRequired: true }, isIndexed: 'unique' }),
    lastEventId: integer({ defaultValue: 0, db: { isNullable: false } }),
    leads: integer({ defaultValue: 0, db: { isNullable: false } }),
    events: integer({ defaultValue: 0, db: { isNullable: false } }),
    verifiedAt: timestamp({ db: { isNullable: true } }),
  },
})
