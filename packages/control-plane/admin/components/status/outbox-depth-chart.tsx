import { Text } from '@keystar/ui/typography'
import { useOperation } from '../../lib/use-operation.ts'
import { operation } from '../../lib/svc-client.ts'
import { useInterval } from '../../lib/use-interval.ts'
import { HEALTH_REFRESH_MS } from '../../lib/use-status-report.ts'
import { OperationState } from '../operation-state.tsx'
import { Panel } from '../panel.tsx'
import { StackedBarChart } from '../charts/stacked-bar-chart.tsx'

const DEPTH = operation('status', 'outbox_depth')

const hourOf = (bucket: string) => `${bucket.slice(11)}:00`

/** Outbox messages waiting at the end of each hour over the last day. */
export function OutboxDepthChart () {
  const depth = useOperation(DEPTH)
  useInterval(depth.reload, HEALTH_REFRESH_MS)
  return (
    <Panel title='Outbox depth, last 24 hours (UTC)' testId='outbox-depth'>
      <OperationState state={depth}>
        {data => data.hours.every(hour => hour.depth === 0 && hour.entered === 0)
          ? <Text color='neutralSecondary'>Nothing waited for delivery in the last 24 hours. When messages to CRMs, forwarding receivers or webhooks wait, a bar per hour shows how many were still waiting at its end.</Text>
          : <StackedBarChart
              title={`Outbox messages waiting at the end of each hour, last 24 hours: ${data.pending} now`}
              bars={data.hours.map(hour => ({ label: hour.hour, counts: { waiting: hour.depth } }))}
              series={['waiting']}
              labelHeading='Hour (UTC)'
              tickFormat={hourOf}
              testId='outbox-depth-chart'
            />}
      </OperationState>
    </Panel>
  )
}
