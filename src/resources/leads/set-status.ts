import { defineOperation } from '../../registry/define-operation.ts'
import { changeLeadStatus, statusChangeParams, statusChangeResult } from './change-status.ts'

export const setLeadStatus = defineOperation({
  resource: 'leads',
  action: 'set_status',
  summary: 'Record a status set by the external contact system (origin inbound); it is not sent back there.',
  params: statusChangeParams,
  returns: statusChangeResult,
  handler: (params, context) => changeLeadStatus(context, params, 'inbound'),
})
