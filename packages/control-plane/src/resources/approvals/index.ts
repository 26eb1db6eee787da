import { defineResource } from '../../kernel/define-resource.ts'
import { approvalModel } from './model.ts'
import { listApprovals } from './operations/list.ts'
import { getApproval } from './operations/get.ts'
import { approveApproval, rejectApproval } from './operations/decide.ts'
import { approvalRetention } from './retention.ts'

/** Destructive calls by approval-gated keys, waiting for an administrator. Locked, like the keys themselves. */
export const approvalsResource = defineResource({
  name: 'approvals',
  retention: approvalRetention,
  module: 'locked',
  models: [approvalModel],
  operations: { list: listApprovals, get: getApproval, approve: approveApproval, reject: rejectApproval },
  adminPages: [{ path: '/control-plane/approvals', label: 'Approvals', title: 'Approvals', requires: ['approvals.list', 'approvals.approve', 'approvals.reject'] }],
})
