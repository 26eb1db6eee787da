import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { changeLeadStatus, statusChangeParams, statusChangeResult } from '../change-status.ts'

export const setLeadStatusLocal = defineOperation({
  summary: 'Change a status on this site (origin local, e.g. from the Admin UI); it is pushed to the external contact system.',
  description: 'Recorded as status_changed with origin local. When the lead has an rt_contact_id, the new status is queued in ' +
    'the outbox in the same transaction and delivered, with retries, through the CRM slot chosen by leadsContactCrmNum.',
  openWorld: true,
  examples: [{
    title: 'Mark a lead contacted on this site',
    setup: [{ operation: 'leads.capture', params: { source: 'contact_form', email: 'katherine@example.com' }, as: 'lead' }],
    params: { id: '{{lead.id}}', status: 'Contacted' },
  }],
  params: statusChangeParams,
  returns: statusChangeResult,
  handler: (params, context) => changeLeadStatus(context, params, 'local'),
})
