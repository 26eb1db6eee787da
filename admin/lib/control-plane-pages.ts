/** The Admin UI pages of the control plane, in navigation order, and the operations each one needs. */
export const CONTROL_PLANE_PAGES = {
  console: { href: '/control-plane', label: 'Operations', title: 'Operations console', requires: [] },
  status: { href: '/status', label: 'Health', title: 'Site health', requires: ['status.get'] },
  apiKeys: { href: '/api-keys', label: 'API keys', title: 'API keys', requires: ['api_keys.list', 'api_keys.mint', 'api_keys.revoke'] },
  crm: { href: '/crm', label: 'CRM', title: 'CRM connections', requires: ['crm.list'] },
  team: { href: '/team', label: 'Team', title: 'Team', requires: ['users.list'] },
  roles: { href: '/roles', label: 'Roles', title: 'Roles', requires: ['roles.list'] },
  leads: { href: '/leads', label: 'Leads', title: 'Leads', requires: ['leads.list', 'leads.get'] },
  contentSources: { href: '/content-sources', label: 'Content sources', title: 'Content sources', requires: ['content_sources.list'] },
  pipelines: {
    href: '/pipelines',
    label: 'Pipelines',
    title: 'Pipelines',
    requires: ['pipelines.list_recipes', 'pipelines.list_stages', 'pipelines.list_runs', 'pipelines.get_run'],
  },
  settings: { href: '/settings', label: 'Settings', title: 'Site settings', requires: ['modules.list'] },
  audit: { href: '/audit-log', label: 'Audit log', title: 'Audit log', requires: ['audit.list'] },
} as const satisfies Record<string, { href: string, label: string, title: string, requires: readonly string[] }>

export type ControlPlanePageKey = keyof typeof CONTROL_PLANE_PAGES

export type ControlPlanePage = (typeof CONTROL_PLANE_PAGES)[ControlPlanePageKey]

/** Where the console opens with one operation selected and, optionally, its params filled in. */
export function consoleHref (operation: string, params?: Record<string, unknown>): string {
  const query = new URLSearchParams({ op: operation, ...(params ? { params: JSON.stringify(params) } : {}) })
  return `${CONTROL_PLANE_PAGES.console.href}?${query}`
}
