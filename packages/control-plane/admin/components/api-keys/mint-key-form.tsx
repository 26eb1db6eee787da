import { useState } from 'react'
import { Button } from '@keystar/ui/button'
import { Checkbox } from '@keystar/ui/checkbox'
import { Flex, VStack } from '@keystar/ui/layout'
import { NumberField } from '@keystar/ui/number-field'
import { TextField } from '@keystar/ui/text-field'
import { dispatch, type SvcFailure } from '../../lib/svc-client.ts'
import type { MintedApiKey } from '../../lib/records.ts'
import { FailureNotice } from '../failure-notice.tsx'

/** Label, lifetime, scopes, approval mode and version pin of a new key; `onMinted` gets the one response that holds its plaintext. */
export function MintKeyForm ({ onMinted }: { onMinted: (key: MintedApiKey) => void }) {
  const [label, setLabel] = useState('')
  const [days, setDays] = useState(Number.NaN)
  const [scopes, setScopes] = useState('')
  const [readOnly, setReadOnly] = useState(false)
  const [gated, setGated] = useState(false)
  const [pinnedVersion, setPinnedVersion] = useState('')
  const [pending, setPending] = useState(false)
  const [failure, setFailure] = useState<(SvcFailure & { status: number }) | null>(null)

  async function mint () {
    setPending(true)
    const response = await dispatch({
      resource: 'api_keys',
      action: 'mint',
      params: {
        label,
        ...(Number.isNaN(days) ? {} : { expires_in_days: days }),
        ...(scopes.trim() ? { scopes: scopes.split(',').map(scope => scope.trim()).filter(Boolean) } : {}),
        ...(readOnly ? { read_only: true } : {}),
        ...(gated ? { approval: 'destructive' } : {}),
        ...(pinnedVersion.trim() ? { pinned_version: pinnedVersion.trim() } : {}),
      },
    })
    setPending(false)
    if (!response.ok) return setFailure(response)
    setFailure(null)
    setLabel('')
    setDays(Number.NaN)
    setScopes('')
    setReadOnly(false)
    setGated(false)
    setPinnedVersion('')
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
            description="Empty: the site's maximum (90 days unless configured otherwise)."
            value={days}
            onChange={setDays}
            minValue={1}
            maxValue={3650}
            formatOptions={{ maximumFractionDigits: 0, useGrouping: false }}
            width='scale.2400'
          />
          <TextField
            label='Scopes'
            description='Comma-separated capabilities, resources or operations (leads, crm.list). Empty: everything you may do.'
            value={scopes}
            onChange={setScopes}
            width='scale.3400'
          />
          <TextField
            label='Pinned version'
            description="The product version the key's calls pin, e.g. 1.5.000, as if each sent Svc-Version. Empty: none."
            value={pinnedVersion}
            onChange={setPinnedVersion}
            width='scale.2400'
          />
          <Checkbox isSelected={readOnly} onChange={setReadOnly}>Read-only</Checkbox>
          <Checkbox isSelected={gated} onChange={setGated}>Destructive calls wait for approval (for AI agents)</Checkbox>
          <Button type='submit' prominence='high' isPending={pending}>Mint key</Button>
        </Flex>
      </form>
      {failure && <FailureNotice failure={failure} title='The key was not minted' />}
    </VStack>
  )
}
