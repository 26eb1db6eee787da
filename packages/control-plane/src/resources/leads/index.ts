import { configureResource, defineResource } from '../../kernel/define-resource.ts'
import { leadEvents } from './events.ts'
import { leadsSettings, type LeadsSettings } from './resource-settings.ts'
import { leadModel } from './model.ts'
import { leadEventModel } from './event-model.ts'
import { contactStatusTopic } from './contact-push.ts'
import { publicLeadForm } from './public-form/route.ts'
import { leadsExportStream } from './export-stream-route.ts'
import { captureLeadOperation } from './operations/capture.ts'
import { deleteLead } from './operations/delete.ts'
import { leadDailyCounts } from './operations/daily-counts.ts'
import { exportLeads } from './operations/export.ts'
import { getLead } from './operations/get.ts'
import { linkRtContact } from './operations/link-rt-contact.ts'
import { listLeads } from './operations/list.ts'
import { setLeadStatus } from './operations/set-status.ts'
import { setLeadStatusLocal } from './operations/set-status-local.ts'
import { leadStatusCounts } from './operations/status-counts.ts'
import { startVerifyAllLeads } from './operations/start-verify-all.ts'
import { verifyLedgerJob } from './verify-ledger-job.ts'
import { verifyLead } from './operations/verify.ts'
import { verifyAllLeads } from './operations/verify-all.ts'
import { leadChainCheckpointModel } from './checkpoint-model.ts'

/** Leads from the site's forms, each with a hash-chained timeline, pushed to the external contact system. */
export const leadsResource = defineResource({
  name: 'leads',
  settings: leadsSettings,
  models: [leadModel, leadEventModel, leadChainCheckpointModel],
  operations: {
    capture: captureLeadOperation,
    daily_counts: leadDailyCounts,
    delete: deleteLead,
    export: exportLeads,
    get: getLead,
    link_rt_contact: linkRtContact,
    list: listLeads,
    set_status: setLeadStatus,
    set_status_local: setLeadStatusLocal,
    start_verify_all: startVerifyAllLeads,
    status_counts: leadStatusCounts,
    verify_all: verifyAllLeads,
    verify: verifyLead,
  },
  routes: [leadsExportStream, publicLeadForm],
  outboxTopics: [contactStatusTopic],
  jobKinds: [verifyLedgerJob],
  events: leadEvents,
  statusCounters: [{ key: 'leads', count: (db, bound) => db.svcLead.count(bound && { take: bound.upTo }), kept: true }],
  adminPages: [{ path: '/control-plane/leads', label: 'Leads', title: 'Leads', requires: ['leads.list', 'leads.get', 'leads.daily_counts', 'leads.status_counts'] }],
})

/** The leads resource with settings of the host's, for `withControlPlane(config, { builtins: [leads({ … })] })`. */
export const leads = (settings: LeadsSettings) => configureResource(leadsResource, settings)
