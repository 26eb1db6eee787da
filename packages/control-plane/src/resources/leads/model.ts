import { list } from '@keystone-6/core'
import { integer, json, relationship, text, timestamp } from '@keystone-6/core/fields'
import type { ListAccess } from '../../platform/auth/list-access.ts'
import { compoundIndexes } from '../../platform/db/compound-index.ts'

/**
 * A captured lead. `eventCount` and `headHash` summarise its event chain, so a deleted tail of
 * events is caught as well as an edited one; they change only together with an appended event.
 */
export const leadList = ({ access, ui }: ListAccess) => list({
  access,
  ui: { ...ui, label: 'Leads', listView: { initialColumns: ['ref', 'source', 'campaign', 'status', 'eventCount', 'firstSeen'] } },
  db: {
    map: 'svc_leads',
    idField: { kind: 'autoincrement' },
    // leads.list pages newest first by (firstSeen, id), optionally within a source.
    extendPrismaSchema: compoundIndexes(['firstSeen', 'id'], ['source', 'firstSeen', 'id']),
  },
  fields: {
    ref: text({ validation: { isRequired: true }, isIndexed: 'unique' }),
    source: text({ validation: { isRequired: true } }),
    campaign: text({ db: { isNullable: true } }),
    email: text({ db: { isNullable: true } }),
    phone: text({ db: { isNullable: true } }),
    name: text({ db: { isNullable: true } }),
    attribution: json({ defaultValue: {} }),
    data: json({ defaultValue: {} }),
    status: text({ defaultValue: 'New', isIndexed: true }),
    rtContactId: text({ db: { isNullable: true }, isIndexed: true }),
    eventCount: integer({ defaultValue: 0, db: { isNullable: false } }),
    headHash: text({ defaultValue: '' }),
    firstSeen: timestamp({ defaultValue: { kind: 'now' }, validation: { isRequired: true } }),
    updatedAt: timestamp({ db: { updatedAt: true } }),
    events: relationship({ ref: 'SvcLeadEvent.lead', many: true }),
  },
})
