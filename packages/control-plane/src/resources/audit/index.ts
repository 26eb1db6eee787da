import { defineResource } from '../../kernel/define-resource.ts'
import { listAudit } from './operations/list.ts'
import { getAudit } from './operations/get.ts'
import { revertAudit } from './operations/revert.ts'

/** Reading the audit log the dispatcher writes (the writer and its list belong to the core). */
export const auditResource = defineResource({
  name: 'audit',
  module: 'locked',
  operations: { list: listAudit, get: getAudit, revert: revertAudit },
  adminPages: [{ path: '/control-plane/audit-log', label: 'Audit log', title: 'Audit log', requires: ['audit.list'] }],
})
