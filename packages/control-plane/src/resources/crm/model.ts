import { list } from '@keystone-6/core'
import { checkbox, integer, text, timestamp } from '@keystone-6/core/fields'
import type { ListAccess } from '../../platform/auth/list-access.ts'

/** An occupied CRM slot. A free slot has no row, so deleting clears every field and the secret. */
export const crmSlotList = ({ access, ui }: ListAccess) => list({
  access,
  ui: { ...ui, label: 'CRM connections', listView: { initialColumns: ['slot', 'name', 'url', 'linkAdminOnly'] } },
  db: { map: 'svc_crm_slots' },
  fields: {
    slot: integer({ validation: { isRequired: true, min: 1, max: 999 }, isIndexed: 'unique' }),
    name: text({ validation: { isRequired: true } }),
    url: text({ db: { isNullable: true } }),
    linkAdminOnly: checkbox({ defaultValue: false }),
    apiKeyCiphertext: text({ db: { isNullable: true }, graphql: { omit: true } }),
    createdAt: timestamp({ defaultValue: { kind: 'now' } }),
    updatedAt: timestamp({ db: { updatedAt: true } }),
  },
})
