import { Text } from '@keystar/ui/typography'
import { useOperation } from '../../lib/use-operation.ts'
import { operation } from '../../lib/svc-client.ts'
import { useInterval } from '../../lib/use-interval.ts'
import { HEALTH_REFRESH_MS } from '../../lib/use-status-report.ts'
import { OperationState } from '../operation-state.tsx'
import { Panel } from '../panel.tsx'
import { StackedBarChart } from '../charts/stacked-bar-chart.tsx'

const ACTIVITY = operation('status', 'audit_activity')

const DOOR_NAMES: Readonly<Record<string, string>> = { dispatch: 'dispatch', route: 'route', read_form: 'GET form', mcp: 'MCP', admin_ui: 'Admin UI' }

const hourOf = (bucket: string) => `${bucket.slice(11)}:00`

/** Audited calls per hour over the last day, stacked by the door they came through. */
export function AuditActivityChart () {
  const activity = useOperation(ACTIVITY)
  useInterval(activity.reload, HEALTH_REFRESH_MS)
  return (
    <Panel title='Calls per hour by door, last 24 hours (UTC)' testId='audit-activity'>
      <OperationState state={activity}>
        {data => data.total === 0
          ? <Text color='neutralSecondary'>No call in the last 24 hours. Every call is audited: once operations are called, a bar per hour appears here, coloured by door — dispatch, route, GET form, MCP, Admin UI.</Text>
          : <StackedBarChart
              title={`Audited calls per hour by door, last 24 hours: ${data.total} in all`}
              bars={data.hours.map(hour => ({ label: hour.hour, counts: Object.fromEntries(Object.entries(hour.counts).map(([door, count]) => [DOOR_NAMES[door] ?? door, count])) }))}
              series={data.doors.map(door => DOOR_NAMES[door] ?? door)}
              labelHeading='Hour (UTC)'
              tickFormat={hourOf}
              testId='audit-activity-chart'
            />}
      </OperationState>
    </Panel>
  )
}
