import { defineEvent } from '../../platform/events/define-event.ts'
import { runRow } from './run-shape.ts'

export const pipelineRunCompleted = defineEvent({
  type: 'pipeline.run_completed',
  summary: 'A pipeline run finished: status success, skipped (nothing to do), failed, or dry_run; the run as pipelines.list_runs shows it.',
  data: runRow,
})
