import { defineResource } from '../../kernel/define-resource.ts'
import { keptCountModel } from './kept-count-model.ts'
import { tallyModel } from './tally-model.ts'
import { auditActivity } from './operations/audit-activity.ts'
import { getStatus } from './operations/get.ts'
import { outboxDepth } from './operations/outbox-depth.ts'

/** Health of the site and the product, for monitoring. */
export const statusResource = defineResource({
  name: 'status',
  module: 'locked',
  models: [keptCountModel, tallyModel],
  operations: { audit_activity: auditActivity, get: getStatus, outbox_depth: outboxDepth },
  adminPages: [{ path: '/control-plane/status', label: 'Health', title: 'Site health', requires: ['status.get', 'status.audit_activity', 'status.outbox_depth'] }],
})
