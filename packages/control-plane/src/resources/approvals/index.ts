import { defineResource } from '../../define-resource.ts'
import { approvalList } from './model.ts'

/** Destructive calls by approval-gated keys, waiting for an administrator. Locked, like the keys themselves. */
export const approvalsResource = defineResource({
  name: 'approvals',
  module: 'locked',
  lists: readOnly => ({ SvcApproval: approvalList(readOnly()) }),
  operations: [],
})
