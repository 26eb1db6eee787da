import { list } from '@keystone-6/core'
import { integer, json, relationship, text, timestamp } from '@keystone-6/core/fields'
import type { ListAccess } from '../../platform/auth/list-access.ts'
import { compoundIndexes } from '../../platform/db/compound-index.ts'

/**
 * One link of a lead's chain. The unique (lead, seq) pair means two appends racing for the same
 * position cannot both commit, whatever process they run in.
 */
export const leadEventList = ({ access, ui }: ListAccess) => list({
  access,
  ui: { ...ui, label: 'Lead events', listView: { initialColumns: ['lead', 'seq', 'type', 'at'] } },
  db: {
    map: 'svc_lead_events',
    idField: { kind: 'autoincrement' },
    // leads.export reads the ledger oldest first by (at, id).
    extendPrismaSchema: schema => compoundIndexes(['at', 'id'])(schema.replace(/\}\s*$/, '  @@unique([leadId, seq])\n}')),
  },
  fields: {
    lead: relationship({ ref: 'SvcLead.events', many: false }),
    seq: integer({ validation: { isRequired: true, min: 1 } }),
    type: text({ validation: { isRequired: true } }),
    at: timestamp({ validation: { isRequired: true } }),
    data: json({ defaultValue: {} }),
    prevHash: text({ validation: { isRequired: true } }),
    hash: text({ validation: { isRequired: true } }),
  },
})
