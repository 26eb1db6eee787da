import { Button } from '@keystar/ui/button'
import { VStack } from '@keystar/ui/layout'
import { Notice } from '@keystar/ui/notice'
import { Heading, Text } from '@keystar/ui/typography'
import type { OperationState as State } from '../../lib/use-operation.ts'
import type { SubscriptionList } from '../webhooks/types.ts'
import { Panel } from '../panel.tsx'

/** Webhook subscriptions the control plane disabled after three days of failed deliveries; nothing when there are none. */
export function DisabledWebhooks ({ state }: { state: State<SubscriptionList> }) {
  // Quiet while loading or unreadable: the rest of the page reports the service's health.
  if (state.status !== 'ready') return null
  const disabled = state.data.webhooks.filter(subscription => subscription.disabled_reason !== null)
  if (disabled.length === 0) return null
  return (
    <Panel title='Disabled webhook subscriptions' testId='health-disabled-webhooks' actions={<Button href='/control-plane/webhooks'>Open webhooks</Button>}>
      <VStack gap='regular'>
        {disabled.map(subscription => (
          <Notice key={subscription.id} tone='critical'>
            <Heading>{subscription.url}</Heading>
            <Text>{subscription.disabled_reason}</Text>
          </Notice>
        ))}
      </VStack>
    </Panel>
  )
}
