import { useState } from 'react'
import { Button } from '@keystar/ui/button'
import { HStack, VStack } from '@keystar/ui/layout'
import { StatusLight } from '@keystar/ui/status-light'
import { Text } from '@keystar/ui/typography'
import { dispatch, type SvcFailure } from '../../lib/svc-client.ts'
import type { LeadChain } from '../../lib/records.ts'
import { plural } from '../../lib/format.ts'
import { FailureNotice } from '../failure-notice.tsx'

type ChainStatusProps = {
  leadId: number
  chain: LeadChain
  canVerify: boolean
  onChain: (chain: LeadChain) => void
}

/** Whether the lead's event chain holds, and where it breaks; verify recomputes it on the server. */
export function ChainStatus ({ leadId, chain, canVerify, onChain }: ChainStatusProps) {
  const [pending, setPending] = useState(false)
  const [verifiedAt, setVerifiedAt] = useState<Date | null>(null)
  const [failure, setFailure] = useState<(SvcFailure & { status: number }) | null>(null)

  async function verify () {
    setPending(true)
    const response = await dispatch({ resource: 'leads', action: 'verify', params: { id: leadId } })
    setPending(false)
    if (!response.ok) return setFailure(response)
    setFailure(null)
    setVerifiedAt(new Date())
    onChain(response.data.chain)
  }

  return (
    <VStack gap='medium' data-testid='lead-chain' data-chain-ok={String(chain.ok)}>
      <HStack gap='large' alignItems='center' justifyContent='space-between'>
        <StatusLight tone={chain.ok ? 'positive' : 'critical'}>
          {chain.ok
            ? `Chain intact over ${plural(chain.count, 'event')}`
            : `Chain broken at event ${chain.broken_at ?? '?'} of ${chain.count}`}
        </StatusLight>
        {canVerify && <Button onPress={() => void verify()} isPending={pending}>Verify chain</Button>}
      </HStack>
      {!chain.ok && <Text color='neutralSecondary'>Event {chain.broken_at ?? '?'} does not match the hash chain: it or an earlier event was changed, removed or inserted after capture.</Text>}
      {verifiedAt && <Text size='small' color='neutralSecondary'>Verified on the server at {verifiedAt.toLocaleTimeString('en-GB')}.</Text>}
      {failure && <FailureNotice failure={failure} title='Verification failed' />}
    </VStack>
  )
}
