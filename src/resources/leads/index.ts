import { captureLeadOperation } from './capture.ts'
import { deleteLead } from './delete.ts'
import { exportLeads } from './export.ts'
import { getLead } from './get.ts'
import { linkRtContact } from './link-rt-contact.ts'
import { listLeads } from './list.ts'
import { setLeadStatus } from './set-status.ts'
import { setLeadStatusLocal } from './set-status-local.ts'
import { verifyLead } from './verify.ts'
import { contactStatusTopic } from './contact-push.ts'

export const leadOperations = [
  captureLeadOperation, deleteLead, exportLeads, getLead, linkRtContact, listLeads, setLeadStatus, setLeadStatusLocal, verifyLead,
]

export const leadOutboxTopics = [contactStatusTopic]
