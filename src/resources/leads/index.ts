import { defineResource } from '../../define-resource.ts'
import { leadList } from './model.ts'
import { leadEventList } from './event-model.ts'
import { contactStatusTopic } from './contact-push.ts'
import { publicLeadForm } from './public-form/route.ts'
import { captureLeadOperation } from './capture.ts'
import { deleteLead } from './delete.ts'
import { exportLeads } from './export.ts'
import { getLead } from './get.ts'
import { linkRtContact } from './link-rt-contact.ts'
import { listLeads } from './list.ts'
import { setLeadStatus } from './set-status.ts'
import { setLeadStatusLocal } from './set-status-local.ts'
import { verifyLead } from './verify.ts'

/** Leads from the site's forms, each with a hash-chained timeline, pushed to the external contact system. */
export const leadsResource = defineResource({
  name: 'leads',
  lists: readOnly => ({ SvcLead: leadList(readOnly()), SvcLeadEvent: leadEventList(readOnly()) }),
  operations: [
    captureLeadOperation, deleteLead, exportLeads, getLead, linkRtContact, listLeads, setLeadStatus, setLeadStatusLocal, verifyLead,
  ],
  routes: [publicLeadForm],
  outboxTopics: [contactStatusTopic],
  statusCounters: [{ key: 'leads', count: db => db.svcLead.count() }],
  adminPages: [{ path: '/leads', label: 'Leads', title: 'Leads', requires: ['leads.list', 'leads.get'] }],
})
