/** Modules that can be switched off. Host-registered operations may bring modules of their own. */
export const TOGGLEABLE_MODULES = [
  'crm', 'users', 'roles', 'content_sources', 'pipelines', 'leads', 'integrations', 'ai', 'variables',
] as const

/** The control plane's own machinery: switching these off would lock administrators out. */
export const LOCKED_MODULES = ['status', 'modules', 'api_keys', 'audit'] as const

export const isLockedModule = (module: string) => (LOCKED_MODULES as readonly string[]).includes(module)
