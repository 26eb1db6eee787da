import { HStack, VStack } from '@keystar/ui/layout'
import { StatusLight } from '@keystar/ui/status-light'
import { Heading, Text } from '@keystar/ui/typography'
import type { SvcResponse } from '../../lib/svc-client.ts'
import { FailureNotice } from '../failure-notice.tsx'
import { JsonView } from '../json-view.tsx'

/** The envelope a run came back with; failures lead with their code. */
export function ResultView ({ response }: { response: SvcResponse<unknown> }) {
  const { status, ...envelope } = response
  return (
    <VStack gap='medium' data-testid='dispatch-result' data-ok={String(response.ok)}>
      <HStack gap='large' alignItems='center'>
        <Heading elementType='h3' size='small'>Result</Heading>
        <StatusLight tone={response.ok ? 'positive' : 'critical'}>{response.ok ? 'ok' : 'failed'}</StatusLight>
        <Text color='neutralSecondary'>HTTP {status || 'no response'}</Text>
        <Text color='neutralSecondary'>changed: {String(response.changed)}</Text>
      </HStack>
      {!response.ok && <FailureNotice failure={response} />}
      <JsonView value={envelope} label='Response envelope' maxHeight='20rem' />
    </VStack>
  )
}
