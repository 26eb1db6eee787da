import { useState } from 'react'
import { Button } from '@keystar/ui/button'
import { Flex, VStack } from '@keystar/ui/layout'
import { NumberField } from '@keystar/ui/number-field'
import { TextField } from '@keystar/ui/text-field'
import { dispatch, type SvcFailure } from '../../lib/svc-client.ts'
import type { MintedApiKey } from '../../lib/records.ts'
import { FailureNotice } from '../failure-notice.tsx'

/** Label and optional lifetime of a new key; `onMinted` gets the one response that holds its plaintext. */
export function MintKeyForm ({ onMinted }: { onMinted: (key: MintedApiKey) => void }) {
  const [label, setLabel] = useState('')
  const [days, setDays] = useState(Number.NaN)
  const [pending, setPending] = useState(false)
  const [failure, setFailure] = useState<(SvcFailure & { status: number }) | null>(null)

  async function mint () {
    setPending(true)
    const response = await dispatch<MintedApiKey>({
      resource: 'api_keys',
      action: 'mint',
      params: { label, ...(Number.isNaN(days) ? {} : { expires_in_days: days }) },
    })
    setPending(false)
    if (!response.ok) return setFailure(response)
    setFailure(null)
    setLabel('')
    setDays(Number.NaN)
    onMinted(response.data)
  }

  return (
    <VStack gap='large'>
      <form onSubmit={event => { event.preventDefault(); void mint() }}>
        <Flex gap='large' alignItems='end' wrap>
          <TextField
            label='Label'
            description='What the key is for, e.g. "CI pipeline".'
            isRequired
            value={label}
            onChange={setLabel}
            width='scale.3400'
          />
          <NumberField
            label='Expires in (days)'
            description='Empty: the key never expires.'
            value={days}
            onChange={setDays}
            minValue={1}
            maxValue={3650}
            formatOptions={{ maximumFractionDigits: 0, useGrouping: false }}
            width='scale.2400'
          />
          <Button type='submit' prominence='high' isPending={pending}>Mint key</Button>
        </Flex>
      </form>
      {failure && <FailureNotice failure={failure} title='The key was not minted' />}
    </VStack>
  )
}
