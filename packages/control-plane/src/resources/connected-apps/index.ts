import { defineResource } from '../../kernel/define-resource.ts'
import { listConnectedApps } from './operations/list.ts'
import { connectionEndpoints } from './operations/endpoints.ts'
import { revokeConnectedApp } from './operations/revoke.ts'

/** The OAuth grants of the signed-in account (docs/oauth.md). Locked, like API keys: a switch must not keep a stolen grant alive. */
export const connectedAppsResource = defineResource({
  name: 'connected_apps',
  module: 'locked',
  operations: { endpoints: connectionEndpoints, list: listConnectedApps, revoke: revokeConnectedApp },
  adminPages: [
    { path: '/control-plane/connected-apps', label: 'Connected apps', title: 'Connected apps', requires: ['connected_apps.list', 'connected_apps.revoke'] },
    { path: '/control-plane/connect-assistant', label: 'Connect an assistant', title: 'Connect an assistant', requires: ['connected_apps.endpoints'] },
  ],
})
