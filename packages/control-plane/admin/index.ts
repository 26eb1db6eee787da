/**
 * `keystone-svc-control-plane/admin`: what a host's `admin/config.tsx` re-exports to put the
 * control-plane pages in the Admin UI navigation:
 *
 *   export { components } from 'keystone-svc-control-plane/admin'
 */
import type { AdminConfig } from '@keystone-6/core/types'
import { Navigation } from './components/navigation.tsx'

export const components: AdminConfig['components'] = { Navigation }
export { Navigation }
