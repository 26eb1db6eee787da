import { ActionButton } from '@keystar/ui/button'
import { Text } from '@keystar/ui/typography'
import type { Job } from '../../lib/records.ts'
import { formatTime } from '../../lib/format.ts'
import { useAction } from '../../lib/use-action.ts'
import type { OperationState as State } from '../../lib/use-operation.ts'
import { DataTable, type Column } from '../data-table.tsx'
import { FailureNotice } from '../failure-notice.tsx'
import { OperationState } from '../operation-state.tsx'
import { Panel } from '../panel.tsx'
import { JobProgress } from './job-progress.tsx'
import { isActive } from './job-status.ts'

/** What a job's result counts, e.g. `dry_run 3 · not_selected 1`. */
const resultText = (job: Job): string => Object.entries(job.result).map(([key, count]) => `${key} ${count}`).join(' · ') || '—'

type JobsPanelProps = {
  jobs: State<{ items: Job[] }>
  /** After a cancel, so the list shows it. */
  onChanged: () => void
}

/** Recent jobs, newest first, each with its progress and, while it is under way, Cancel. */
export function JobsPanel ({ jobs, onChanged }: JobsPanelProps) {
  const cancel = useAction()
  const columns: Column<Job>[] = [
    { key: 'progress', header: 'Progress', cell: job => <JobProgress job={job} /> },
    { key: 'target', header: 'Recipe', cell: job => <Text>{job.target.replace(/^recipe:/, '')}</Text>, width: '12rem' },
    { key: 'result', header: 'Result', cell: job => <Text>{job.error ?? resultText(job)}</Text>, width: '14rem' },
    { key: 'started', header: 'Started', cell: job => <Text>{formatTime(job.started_at ?? job.created_at)}</Text>, width: '11rem' },
    {
      key: 'cancel',
      header: '',
      width: '7rem',
      align: 'end',
      cell: job => isActive(job) && !job.cancel_requested
        ? (
          <ActionButton
            isDisabled={cancel.pending}
            onPress={() => { void cancel.run({ resource: 'jobs', action: 'cancel', params: { job_id: job.job_id } }).then(onChanged) }}
            aria-label={`Cancel job ${job.job_id}`}
          >
            Cancel
          </ActionButton>
          )
        : null,
    },
  ]
  return (
    <Panel title='Jobs' testId='jobs-panel'>
      {cancel.failure && <FailureNotice failure={cancel.failure} title='The job was not cancelled' />}
      <OperationState state={jobs}>
        {data => (
          <DataTable
            label='Recent jobs'
            columns={columns}
            rows={data.items}
            rowKey={job => String(job.job_id)}
            empty={<Text>No job yet. Run a recipe over a selection of posts and its progress appears here.</Text>}
          />
        )}
      </OperationState>
    </Panel>
  )
}
