import type { AdminFileToWrite } from '@keystone-6/core/types'
import type { AdminPage } from '../registry/manifest.ts'

export const PACKAGE_NAME = 'keystone-svc-control-plane'

/** The Admin UI pages this package ships (`admin/pages/<name>.tsx`), by the path they serve. */
const SHIPPED_PAGES = new Set([
  'control-plane', 'oauth-consent', 'api-keys', 'connected-apps', 'approvals', 'audit-log', 'content-sources', 'crm', 'leads', 'pipelines', 'roles', 'settings', 'status', 'team', 'webhooks',
])

/**
 * The files Keystone writes into its Admin UI build for the control-plane pages: one re-export
 * per page of an installed resource, so a resource left out (content sources on a host without
 * posts) has no page, and a host needs no `admin/pages` of its own.
 */
export function controlPlaneAdminFiles (pages: readonly AdminPage[]): AdminFileToWrite[] {
  const names = ['control-plane', 'oauth-consent', ...pages.map(page => page.path.replace(/^\//, ''))].filter(name => SHIPPED_PAGES.has(name))
  return [...new Set(names)].map(name => ({
    mode: 'write',
    outputPath: `pages/${name}.js`,
    src: `export { default } from '${PACKAGE_NAME}/admin/pages/${name}'\n`,
  }))
}
