/** What switching a module off stops beyond its operations (which answer 409 module_disabled). */
export const MODULE_SIDE_EFFECTS: Readonly<Record<string, string>> = {
  leads: 'The public lead form stops accepting leads.',
  content_sources: 'Ingest URLs refuse deliveries, so senders get 409 until it is back on.',
  pipelines: 'Recipes no longer run when posts are ingested or published.',
}
