import { useState } from 'react'
import { Button } from '@keystar/ui/button'
import { AlertDialog, DialogContainer } from '@keystar/ui/dialog'
import { HStack, VStack } from '@keystar/ui/layout'
import { Notice } from '@keystar/ui/notice'
import { StatusLight } from '@keystar/ui/status-light'
import { Heading, Text } from '@keystar/ui/typography'
import { dispatch, type CallParams, type CallResult, type SvcFailure } from '../../lib/svc-client.ts'
import { useOperation } from '../../lib/use-operation.ts'
import { FailureNotice } from '../failure-notice.tsx'
import { OperationState } from '../operation-state.tsx'
import { Panel } from '../panel.tsx'
import { DeliverySuccess } from './delivery-success.tsx'
import { DeliveriesTable } from './deliveries-table.tsx'
import { SecretNotice } from './secret-notice.tsx'
import { SubscriptionForm } from './subscription-form.tsx'
import type { ShownSecret, Subscription, TestOutcome } from './types.ts'

type Failure = SvcFailure & { status: number }

/** One subscription: its state, its actions (test, rotate, pause, delete) and its recent deliveries. */
function SubscriptionPanel ({ subscription, onChanged, onSecret }: { subscription: Subscription, onChanged: () => void, onSecret: (shown: ShownSecret) => void }) {
  const [round, setRound] = useState(0)
  const [tested, setTested] = useState<TestOutcome | null>(null)
  const [failure, setFailure] = useState<Failure | null>(null)
  const [deleting, setDeleting] = useState(false)
  const refresh = () => setRound(value => value + 1)

  async function run<A extends 'test' | 'rotate_secret' | 'update' | 'delete' | 'redeliver'> (action: A, params: Omit<CallParams<'webhooks', A>, 'id'>, confirm?: boolean): Promise<CallResult<'webhooks', A> | null> {
    const response = await dispatch<'webhooks', A>({ resource: 'webhooks', action, params: { id: subscription.id, ...params } as CallParams<'webhooks', A>, ...(confirm ? { confirm } : {}) })
    setFailure(response.ok ? null : response)
    return response.ok ? response.data : null
  }

  async function sendTest () { setTested(await run('test', {})); refresh() }
  async function rotateSecret () { const rotated = await run('rotate_secret', {}); if (rotated) onSecret(rotated); onChanged() }
  async function toggleEnabled () { await run('update', { enabled: !subscription.enabled }); onChanged() }
  async function remove () { await run('delete', {}, true); onChanged() }
  async function resend (eventId: string) { await run('redeliver', { event_id: eventId }); setTimeout(refresh, 1500) }

  return (
    <Panel
      testId={`webhook-${subscription.id}`}
      title={<>{subscription.url}</>}
      actions={(
        <HStack gap='regular'>
          <Button onPress={() => void sendTest()}>Send test event</Button>
          <Button onPress={() => void rotateSecret()}>Rotate secret</Button>
          <Button onPress={() => void toggleEnabled()}>{subscription.enabled ? 'Pause' : 'Enable'}</Button>
          <Button tone='critical' onPress={() => setDeleting(true)}>Delete</Button>
        </HStack>
      )}
    >
      <VStack gap='medium'>
        <HStack gap='large' alignItems='center'>
          <StatusLight tone={subscription.enabled ? 'positive' : 'critical'}>{subscription.enabled ? 'enabled' : 'disabled'}</StatusLight>
          <Text>{subscription.event_types.join(', ')}</Text>
          {subscription.description && <Text color='neutralSecondary'>{subscription.description}</Text>}
        </HStack>
        {subscription.disabled_reason && (
          <Notice tone='critical'><Heading>Disabled by the control plane</Heading><Text>{subscription.disabled_reason}</Text></Notice>
        )}
        {tested && (
          <Text data-testid='webhook-test-outcome'>
            Test event {tested.event_id}: {tested.delivered ? `delivered (${tested.http_status})` : `not delivered — ${tested.error}`}
          </Text>
        )}
        {failure && <FailureNotice failure={failure} title='The action failed' />}
        <DialogContainer onDismiss={() => setDeleting(false)}>
          {deleting && (
            <AlertDialog
              title='Delete this subscription?'
              tone='critical'
              primaryActionLabel='Delete subscription'
              cancelLabel='Keep it'
              autoFocusButton='cancel'
              onPrimaryAction={() => void remove()}
            >
              <Text>{subscription.url} receives nothing more; its secret and delivery log are deleted and what is queued for it is cancelled.</Text>
            </AlertDialog>
          )}
        </DialogContainer>
        <DeliveriesTable id={subscription.id} round={round} onResend={eventId => void resend(eventId)} />
      </VStack>
    </Panel>
  )
}

/** Webhook subscriptions: add one (the secret is shown once), test, rotate, pause, resend, and watch deliveries. */
export function WebhooksOverview () {
  const list = useOperation({ resource: 'webhooks', action: 'list' })
  const [shown, setShown] = useState<ShownSecret | null>(null)
  return (
    <VStack gap='xlarge'>
      <Panel title='Add a subscription'>
        <SubscriptionForm onCreated={created => { setShown(created); list.reload() }} />
        {shown && <SecretNotice shown={shown} onDismiss={() => setShown(null)} />}
      </Panel>
      <OperationState state={list}>
        {data => data.webhooks.length === 0
          ? <Text>No subscriptions yet.</Text>
          : <VStack gap='large'>{data.webhooks.map(subscription => <SubscriptionPanel key={subscription.id} subscription={subscription} onChanged={list.reload} onSecret={setShown} />)}</VStack>}
      </OperationState>
      <DeliverySuccess />
    </VStack>
  )
}
