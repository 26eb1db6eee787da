import { datedRowsRule } from '../../platform/retention/rule.ts'
import { jsonColumn } from '../../platform/lib/json-value.ts'

/** A run's per-stage report (messages, timings) is kept 90 days; the run itself, with its outcome, a year. */
export const pipelineRunRetention = [
  datedRowsRule({
    name: 'pipeline_run_stages',
    table: 'svc_pipeline_runs',
    removes: "runs' per-stage detail (the run stays)",
    defaultDays: 90,
    rows: db => db.svcPipelineRun,
    datedBy: 'createdAt',
    scope: { stages: { not: jsonColumn(null) } },
    empty: { stages: jsonColumn(null) },
  }),
  datedRowsRule({
    name: 'pipeline_runs',
    table: 'svc_pipeline_runs',
    removes: 'pipeline runs',
    defaultDays: 365,
    rows: db => db.svcPipelineRun,
    datedBy: 'createdAt',
  }),
]
