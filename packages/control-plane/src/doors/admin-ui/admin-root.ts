/**
 * Where the control plane's Admin UI pages live: the console at `/control-plane`, every other page
 * under it (`/control-plane/api-keys`), away from the paths of the host's own lists.
 */
export const ADMIN_ROOT = '/control-plane'
