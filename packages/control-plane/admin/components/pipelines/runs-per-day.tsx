import { Text } from '@keystar/ui/typography'
import { useOperation } from '../../lib/use-operation.ts'
import { operation } from '../../lib/svc-client.ts'
import { OperationState } from '../operation-state.tsx'
import { Panel } from '../panel.tsx'
import { StackedBarChart } from '../charts/stacked-bar-chart.tsx'
import { OUTCOME_COLORS } from '../charts/palette.ts'

const DAYS = 30
const COUNTS = operation('pipelines', 'daily_run_counts', { days: DAYS })

/** Pipeline runs per day over the last month, stacked by status. */
export function RunsPerDay () {
  const counts = useOperation(COUNTS)
  return (
    <Panel title={`Runs per day by status, last ${DAYS} days`} testId='runs-per-day'>
      <OperationState state={counts}>
        {data => data.total === 0
          ? <Text color='neutralSecondary'>No run in the last {DAYS} days. Once recipes run (by hand, on ingest, on publish or in a batch), a bar per day appears here, coloured by outcome: success, skipped, failed, dry run.</Text>
          : <StackedBarChart
              title={`Pipeline runs per day by status, last ${DAYS} days: ${data.total} in all`}
              bars={data.days.map(day => ({ label: day.day, counts: day.counts }))}
              series={data.statuses}
              colors={OUTCOME_COLORS}
              testId='runs-per-day-chart'
            />}
      </OperationState>
    </Panel>
  )
}
