import { operation } from '../../lib/svc-client.ts'
import { Badge } from '@keystar/ui/badge'
import { Button } from '@keystar/ui/button'
import { Flex, Grid, HStack, VStack } from '@keystar/ui/layout'
import { Text } from '@keystar/ui/typography'
import { plural } from '../../lib/format.ts'
import { ageOf, healthSignals } from '../../lib/health.ts'
import { findOperation } from '../../lib/manifest-access.ts'
import { moduleName } from '../../lib/module-words.ts'
import type { StatusReport } from '../../lib/records.ts'
import type { Manifest } from '../../lib/svc-client.ts'
import { useInterval } from '../../lib/use-interval.ts'
import { useOperation } from '../../lib/use-operation.ts'
import { HEALTH_REFRESH_MS, useStatusReport } from '../../lib/use-status-report.ts'
import { OperationState } from '../operation-state.tsx'
import { Panel } from '../panel.tsx'
import { FailedOperations } from './failed-operations.tsx'
import { ForwardingTable } from './forwarding-table.tsx'
import { RetentionTable } from './retention-table.tsx'
import { DeprecatedUsesTable } from './deprecated-uses-table.tsx'
import { HealthLines } from './health-lines.tsx'
import { Metric } from './metric.tsx'
import { VerdictBadge } from './verdict-badge.tsx'
import { DisabledWebhooks } from './disabled-webhooks.tsx'
import { AuditActivityChart } from './audit-activity-chart.tsx'
import { OutboxDepthChart } from './outbox-depth-chart.tsx'

const RECENT_FAILURES = operation('audit', 'list', { ok: false, per_page: 8 })

function uptime (seconds: number): string {
  if (seconds < 60) return 'under a minute'
  if (seconds < 3600) return plural(Math.floor(seconds / 60), 'minute')
  if (seconds < 172_800) return plural(Math.floor(seconds / 3600), 'hour')
  return plural(Math.floor(seconds / 86_400), 'day')
}

function Report ({ report, checkedAt }: { report: StatusReport, checkedAt: string }) {
  const signals = healthSignals(report)
  const { outbox, database } = report
  return (
    <VStack gap='xlarge'>
      <Panel
        testId='health-overall'
        title='At a glance'
        actions={
          <HStack gap='large' alignItems='center'>
            <Text size='small' color='neutralSecondary'>Checked {checkedAt} · refreshes every {HEALTH_REFRESH_MS / 1000} s</Text>
            <VerdictBadge signals={signals} />
          </HStack>
        }
      >
        <HealthLines signals={signals} />
      </Panel>
      <Grid columns='repeat(2, minmax(0, 1fr))' gap='xlarge' alignItems='stretch'>
        <Panel title='Outbox' testId='health-outbox'>
          <Grid columns='repeat(3, minmax(0, 1fr))' gap='large'>
            <Metric label='waiting for delivery' value={outbox.pending} testId='outbox-pending' />
            <Metric label='failed for good' value={outbox.failed} tone={outbox.failed > 0 ? 'critical' : undefined} testId='outbox-failed' />
            <Metric label='oldest waiting' value={outbox.oldest_pending_at ? ageOf(outbox.oldest_pending_at) : '—'} />
          </Grid>
          <Text size='small' color='neutralSecondary'>
            Messages to CRMs and forwarding receivers are retried with back-off; a message that keeps failing is given up and counted here.
          </Text>
        </Panel>
        <Panel title='Database and service' testId='health-database'>
          <Grid columns='repeat(3, minmax(0, 1fr))' gap='large'>
            <Metric label={`${database.provider} latency`} value={database.ok ? `${database.latency_ms} ms` : 'down'} tone={database.ok ? undefined : 'critical'} />
            <Metric label='up for' value={uptime(report.uptime_s)} />
            <Metric label={`API ${report.namespace}`} value={report.product_version} />
          </Grid>
          <Flex gap='regular' wrap>
            {Object.entries(report.counts).map(([key, count]) => <Badge key={key} tone='neutral'>{key.replace(/_/g, ' ')}: {count}</Badge>)}
          </Flex>
        </Panel>
      </Grid>
      <Panel title='Forwarding by content source'>
        <ForwardingTable backlogs={report.forwarding} />
      </Panel>
      <Panel title='Retention' testId='health-retention'>
        <RetentionTable rules={report.retention} />
      </Panel>
      <Panel title='Deprecated operations still called' testId='health-deprecated-uses'>
        <DeprecatedUsesTable uses={report.deprecated_uses} />
      </Panel>
      <Panel title='Modules' actions={<Button href='/control-plane/settings'>Manage modules</Button>}>
        <Flex gap='regular' wrap data-testid='health-modules'>
          {Object.entries(report.modules).map(([key, enabled]) => (
            <Badge key={key} tone={enabled ? 'positive' : 'neutral'}>{moduleName(key)} · {enabled ? 'on' : 'off'}</Badge>
          ))}
        </Flex>
      </Panel>
    </VStack>
  )
}

/** status.get in words and colours, with the latest failed operations; it asks again on its own. */
export function HealthOverview ({ manifest }: { manifest: Manifest }) {
  const report = useStatusReport()
  const auditable = findOperation(manifest, 'audit.list') !== null
  const failures = useOperation(auditable ? RECENT_FAILURES : null)
  useInterval(failures.reload, HEALTH_REFRESH_MS)
  const webhooks = useOperation(findOperation(manifest, 'webhooks.list') ? { resource: 'webhooks', action: 'list' } : null)
  useInterval(webhooks.reload, HEALTH_REFRESH_MS)
  return (
    <VStack gap='xlarge'>
      <DisabledWebhooks state={webhooks} />
      <OperationState state={report}>{data => <Report report={data} checkedAt={report.checkedAt?.toLocaleTimeString('en-GB') ?? '—'} />}</OperationState>
      <OutboxDepthChart />
      <AuditActivityChart />
      {auditable && (
        <Panel title='Recent failed operations' actions={<Button href='/control-plane/audit-log'>Open audit log</Button>}>
          <FailedOperations state={failures} />
        </Panel>
      )}
    </VStack>
  )
}
