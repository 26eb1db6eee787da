import { useEffect, useState } from 'react'
import { ActionButton } from '@keystar/ui/button'
import { Grid, HStack, VStack } from '@keystar/ui/layout'
import { Text } from '@keystar/ui/typography'
import type { Manifest } from '../../lib/svc-client.ts'
import type { LeadChain, LeadDetail } from '../../lib/records.ts'
import { findOperation } from '../../lib/manifest-access.ts'
import { formatTime } from '../../lib/format.ts'
import { useOperation } from '../../lib/use-operation.ts'
import { JsonView } from '../json-view.tsx'
import { OperationState } from '../operation-state.tsx'
import { Panel } from '../panel.tsx'
import { ChainStatus } from './chain-status.tsx'
import { LeadTimeline } from './lead-timeline.tsx'

function Facts ({ lead }: { lead: LeadDetail }) {
  const facts: [string, string][] = [
    ['Status', lead.status ?? '—'],
    ['Source', lead.source ?? '—'],
    ['Campaign', lead.campaign || '—'],
    ['First seen', formatTime(lead.first_seen)],
  ]
  return (
    <Grid columns='repeat(4, minmax(0, 1fr))' gap='large'>
      {facts.map(([label, value]) => (
        <VStack key={label} gap='regular'>
          <Text size='small' color='neutralSecondary'>{label}</Text>
          <Text>{value}</Text>
        </VStack>
      ))}
    </Grid>
  )
}

/** One lead (leads.get): facts, attribution, chain status with verify, and the event timeline. */
export function LeadDetailView ({ manifest, id, onBack }: { manifest: Manifest, id: number, onBack: () => void }) {
  const lead = useOperation({ resource: 'leads', action: 'get', params: { id } })
  const [chain, setChain] = useState<LeadChain | null>(null)
  useEffect(() => setChain(null), [id])
  return (
    <VStack gap='xlarge'>
      <HStack><ActionButton onPress={onBack}>← All leads</ActionButton></HStack>
      <OperationState state={lead}>
        {data => (
          <VStack gap='xlarge'>
            <Panel title={<>Lead {data.id} · <code>{data.ref}</code></>}>
              <Facts lead={data} />
            </Panel>
            <Panel title='Integrity chain'>
              <ChainStatus leadId={data.id} chain={chain ?? data.chain} canVerify={findOperation(manifest, 'leads.verify') !== null} onChain={setChain} />
            </Panel>
            <Grid columns='minmax(0, 3fr) minmax(0, 2fr)' gap='xlarge' alignItems='start'>
              <Panel title='Timeline'>
                <LeadTimeline events={data.events} brokenAt={(chain ?? data.chain).broken_at} />
              </Panel>
              <Panel title='Attribution'>
                <JsonView value={data.attribution ?? {}} label='Attribution' maxHeight='20rem' />
              </Panel>
            </Grid>
          </VStack>
        )}
      </OperationState>
    </VStack>
  )
}
