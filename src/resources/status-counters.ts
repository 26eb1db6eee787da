import type { StatusCounter } from './status/counter.ts'

/** What `status.get` counts: one entry per resource that keeps records. */
export const builtinStatusCounters: readonly StatusCounter[] = [
  { key: 'crm', count: db => db.svcCrmSlot.count() },
  { key: 'leads', count: db => db.svcLead.count() },
  { key: 'users', count: db => db.svcTeamMember.count() },
  { key: 'content_sources', count: db => db.svcContentSource.count() },
  { key: 'recipes', count: db => db.svcPipelineRecipe.count() },
  { key: 'runs', count: db => db.svcPipelineRun.count() },
]
