import { useState } from 'react'
import { Button } from '@keystar/ui/button'
import { Flex, VStack } from '@keystar/ui/layout'
import { TextField } from '@keystar/ui/text-field'
import { dispatch, type SvcFailure } from '../../lib/svc-client.ts'
import { FailureNotice } from '../failure-notice.tsx'
import type { ShownSecret } from './types.ts'

/** URL, event types (comma-separated, wildcards allowed) and a description; `onCreated` gets the secret. */
export function SubscriptionForm ({ onCreated }: { onCreated: (shown: ShownSecret) => void }) {
  const [url, setUrl] = useState('')
  const [types, setTypes] = useState('*')
  const [description, setDescription] = useState('')
  const [pending, setPending] = useState(false)
  const [failure, setFailure] = useState<(SvcFailure & { status: number }) | null>(null)

  async function create () {
    setPending(true)
    const eventTypes = types.split(',').map(type => type.trim()).filter(Boolean)
    const response = await dispatch({ resource: 'webhooks', action: 'create', params: { url, event_types: eventTypes, description } })
    setPending(false)
    if (!response.ok) return setFailure(response)
    setFailure(null)
    setUrl('')
    setDescription('')
    onCreated({ id: response.data.id, secret: response.data.secret })
  }

  return (
    <VStack gap='large'>
      <form onSubmit={event => { event.preventDefault(); void create() }}>
        <Flex gap='large' alignItems='end' wrap>
          <TextField label='URL' description='Where events are POSTed.' isRequired value={url} onChange={setUrl} width='scale.4600' />
          <TextField label='Event types' description='e.g. lead.*, pipeline.run_completed, or * for all.' isRequired value={types} onChange={setTypes} width='scale.3400' />
          <TextField label='Description' value={description} onChange={setDescription} width='scale.3400' />
          <Button type='submit' prominence='high' isPending={pending}>Add subscription</Button>
        </Flex>
      </form>
      {failure && <FailureNotice failure={failure} title='The subscription was not created' />}
    </VStack>
  )
}
