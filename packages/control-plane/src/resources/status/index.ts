import { defineResource } from '../../kernel/define-resource.ts'
import { internalList } from '../../platform/auth/list-access.ts'
import { keptCountList } from './kept-count-model.ts'
import { getStatus } from './operations/get.ts'

/** Health of the site and the product, for monitoring. */
export const statusResource = defineResource({
  name: 'status',
  module: 'locked',
  lists: readOnly => ({ SvcKeptCount: keptCountList(internalList(readOnly())) }),
  operations: { get: getStatus },
  adminPages: [{ path: '/control-plane/status', label: 'Health', title: 'Site health', requires: ['status.get'] }],
})
