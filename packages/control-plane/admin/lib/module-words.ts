/** What switching a module off stops beyond its operations (which answer 409 module_disabled). */
export const MODULE_SIDE_EFFECTS: Readonly<Record<string, string>> = {
  leads: 'The public lead form stops accepting leads.',
  content_sources: 'Ingest URLs refuse deliveries, so senders get 409 until it is back on.',
  pipelines: 'Recipes no longer run when posts are ingested or published.',
}

const NAMES: Readonly<Record<string, string>> = { ai: 'AI', api_keys: 'API keys', crm: 'CRM', users: 'Team' }

/** A module's name as people say it: "API keys", "Content sources". */
export function moduleName (key: string): string {
  return NAMES[key] ?? key.replace(/_/g, ' ').replace(/^./, first => first.toUpperCase())
}
