import { Text } from '@keystar/ui/typography'
import { useOperation } from '../../lib/use-operation.ts'
import { operation } from '../../lib/svc-client.ts'
import { OperationState } from '../operation-state.tsx'
import { Panel } from '../panel.tsx'
import { HorizontalBarChart } from '../charts/horizontal-bar-chart.tsx'

const COUNTS = operation('leads', 'status_counts')

/** How many leads are in each status, in the order a lead moves through them. */
export function LeadStatusFunnel () {
  const counts = useOperation(COUNTS)
  return (
    <Panel title='Leads by status' testId='lead-status-funnel'>
      <OperationState state={counts}>
        {data => data.total === 0
          ? <Text color='neutralSecondary'>No lead yet. Once leads are captured, a bar per status appears here — New, Contacted, Qualified, Unqualified, Customer — as long as the leads in it.</Text>
          : <HorizontalBarChart
              title={`Leads by status: ${data.total} in all`}
              bars={data.statuses.map(entry => ({ label: entry.status, counts: { leads: entry.count } }))}
              series={['leads']}
              labelHeading='Status'
              testId='lead-status-funnel-chart'
            />}
      </OperationState>
    </Panel>
  )
}
