import { Button } from '@keystar/ui/button'
import { Grid, HStack, VStack } from '@keystar/ui/layout'
import { StatusLight } from '@keystar/ui/status-light'
import { Text } from '@keystar/ui/typography'
import { formatTime } from '../../lib/format.ts'
import { useOperation } from '../../lib/use-operation.ts'
import { OperationState } from '../operation-state.tsx'
import { Panel } from '../panel.tsx'
import { RUN_STATUS_TONE } from './recipe-runner.tsx'
import { StageResults } from './stage-results.tsx'

function Fact ({ label, children }: { label: string, children: React.ReactNode }) {
  return (
    <VStack gap='small' minWidth={0}>
      <Text size='small' color='neutralSecondary'>{label}</Text>
      <Text>{children}</Text>
    </VStack>
  )
}

/** One run (`?run=<id>`): what ran on which post, and each stage's result. */
export function RunDetailView ({ id, onBack }: { id: number, onBack: () => void }) {
  const run = useOperation({ resource: 'pipelines', action: 'get_run', params: { id } })
  return (
    <Panel testId='run-detail' title={`Run #${id}`} actions={<Button onPress={onBack}>Back to pipelines</Button>}>
      <OperationState state={run}>
        {data => (
          <VStack gap='xlarge'>
            <HStack gap='large' alignItems='center'>
              <StatusLight tone={RUN_STATUS_TONE[data.status]}>{data.status === 'dry_run' ? 'dry run' : data.status}</StatusLight>
              <Text>{data.message ?? ''}</Text>
            </HStack>
            <Grid columns='repeat(4, minmax(0, 1fr))' gap='large'>
              <Fact label='Recipe'><code>{data.recipe_id}</code></Fact>
              <Fact label='Post'>#{data.post_id}{data.source ? ` from ${data.source}` : ''}</Fact>
              <Fact label='Trigger'>{data.trigger_kind}{data.is_dry_run ? ' · dry run' : ''}</Fact>
              <Fact label='When'>{formatTime(data.created_at)} · {data.duration_ms} ms</Fact>
            </Grid>
            <StageResults stages={data.stages} />
            <Text size='small' color='neutralSecondary'>Content hash {data.content_hash}</Text>
          </VStack>
        )}
      </OperationState>
    </Panel>
  )
}
