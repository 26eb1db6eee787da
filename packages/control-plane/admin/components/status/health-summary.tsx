import { Button } from '@keystar/ui/button'
import { HStack } from '@keystar/ui/layout'
import { healthSignals } from '../../lib/health.ts'
import { useStatusReport } from '../../lib/use-status-report.ts'
import { OperationState } from '../operation-state.tsx'
import { Panel } from '../panel.tsx'
import { HealthLines } from './health-lines.tsx'
import { VerdictBadge } from './verdict-badge.tsx'

/** The health overview in brief, for the landing page of the control plane. */
export function HealthSummary () {
  const report = useStatusReport()
  return (
    <Panel
      testId='health-summary'
      title='Site health'
      actions={
        <HStack gap='large' alignItems='center'>
          {report.status === 'ready' && <VerdictBadge signals={healthSignals(report.data)} />}
          <Button href='/control-plane/status'>Open health overview</Button>
        </HStack>
      }
    >
      <OperationState state={report}>{data => <HealthLines signals={healthSignals(data)} />}</OperationState>
    </Panel>
  )
}
