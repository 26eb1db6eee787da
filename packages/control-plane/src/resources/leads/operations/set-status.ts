import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { changeLeadStatus, statusChangeParams, statusChangeResult } from '../change-status.ts'

export const setLeadStatus = defineOperation({
  summary: 'Record a status set by the external contact system (origin inbound); it is not sent back there.',
  examples: [{
    title: 'Record a status the contact system set',
    setup: [{ operation: 'leads.capture', params: { source: 'contact_form', email: 'margaret@example.com' }, as: 'lead' }],
    params: { id: '{{lead.id}}', status: 'Qualified' },
  }],
  params: statusChangeParams,
  returns: statusChangeResult,
  handler: (params, context) => changeLeadStatus(context, params, 'inbound'),
})
