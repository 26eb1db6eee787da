import { Text } from '@keystar/ui/typography'
import { useOperation } from '../../lib/use-operation.ts'
import { operation } from '../../lib/svc-client.ts'
import { OperationState } from '../operation-state.tsx'
import { Panel } from '../panel.tsx'
import { StackedBarChart } from '../charts/stacked-bar-chart.tsx'

const DAYS = 30
const COUNTS = operation('leads', 'daily_counts', { days: DAYS })

/** Leads captured per day over the last month, stacked by source. */
export function LeadsPerDay () {
  const counts = useOperation(COUNTS)
  return (
    <Panel title={`Leads per day by source, last ${DAYS} days`} testId='leads-per-day'>
      <OperationState state={counts}>
        {data => data.total === 0
          ? <Text color='neutralSecondary'>No lead in the last {DAYS} days. Once leads are captured (the public form, leads.capture), a bar per day appears here, coloured by source.</Text>
          : <StackedBarChart title={`Leads per day by source, last ${DAYS} days: ${data.total} in all`} bars={data.days.map(day => ({ label: day.day, counts: day.counts }))} series={data.sources} testId='leads-per-day-chart' />}
      </OperationState>
    </Panel>
  )
}
