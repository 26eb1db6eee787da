import { defineResource } from '../../define-resource.ts'
import { getStatus } from './operations/get.ts'

/** Health of the site and the product, for monitoring. */
export const statusResource = defineResource({
  name: 'status',
  module: 'locked',
  operations: { get: getStatus },
  adminPages: [{ path: '/status', label: 'Health', title: 'Site health', requires: ['status.get'] }],
})
