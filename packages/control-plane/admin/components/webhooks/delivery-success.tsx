import { Text } from '@keystar/ui/typography'
import { useOperation } from '../../lib/use-operation.ts'
import { operation } from '../../lib/svc-client.ts'
import { OperationState } from '../operation-state.tsx'
import { Panel } from '../panel.tsx'
import { HorizontalBarChart } from '../charts/horizontal-bar-chart.tsx'
import { OUTCOME_COLORS } from '../charts/palette.ts'

const DAYS = 7
const STATS = operation('webhooks', 'delivery_stats', { days: DAYS })

const percent = (rate: number | null) => rate === null ? 'no attempt' : `${Math.round(rate * 100)} % succeeded`

/** Delivery attempts per subscription over the last week, succeeded and failed. */
export function DeliverySuccess () {
  const stats = useOperation(STATS)
  return (
    <Panel title={`Delivery success by subscription, last ${DAYS} days`} testId='delivery-success'>
      <OperationState state={stats}>
        {data => data.total === 0
          ? <Text color='neutralSecondary'>No delivery attempt in the last {DAYS} days. Once events are sent (or a test event), each subscription gets a bar of its attempts here, succeeded and failed.</Text>
          : <HorizontalBarChart
              title={`Delivery attempts by subscription, last ${DAYS} days: ${data.total} in all`}
              bars={data.subscriptions.map(entry => ({ label: `${entry.url} (${percent(entry.success_rate)})`, counts: { succeeded: entry.succeeded, failed: entry.failed } }))}
              series={['succeeded', 'failed']}
              colors={OUTCOME_COLORS}
              labelHeading='Subscription'
              testId='delivery-success-chart'
            />}
      </OperationState>
    </Panel>
  )
}
