import { useState } from 'react'
import { Badge } from '@keystar/ui/badge'
import { Notice } from '@keystar/ui/notice'
import { Content } from '@keystar/ui/slots'
import { Grid, HStack, VStack } from '@keystar/ui/layout'
import { StatusLight } from '@keystar/ui/status-light'
import { Heading, Text } from '@keystar/ui/typography'
import { InlineCode } from '@keystone-6/core/admin-ui/components'
import type { Manifest } from '../../lib/svc-client.ts'
import type { ApprovedMapping, ContentSource } from '../../lib/records.ts'
import { findOperation } from '../../lib/manifest-access.ts'
import { formatTime } from '../../lib/format.ts'
import { JsonView } from '../json-view.tsx'
import { Panel } from '../panel.tsx'
import { MappingEditor } from './mapping-editor.tsx'

const STATUS_TONE: Record<string, 'positive' | 'caution' | 'neutral' | 'pending'> = {
  active: 'positive', needs_mapping: 'caution', awaiting_sample: 'pending', paused: 'neutral',
}

const MAPPING_TONE: Record<string, 'positive' | 'caution' | 'neutral' | 'accent'> = {
  approved: 'positive', proposed: 'accent', stale: 'caution', none: 'neutral',
}

/** One source: its status, the last sample beside the mapping proposed for it, and approval. */
export function SourceCard ({ manifest, initial }: { manifest: Manifest, initial: ContentSource }) {
  const [source, setSource] = useState(initial)
  const approve = findOperation(manifest, 'content_sources.approve_mapping')
  const approved = (result: ApprovedMapping) => setSource({ ...source, status: result.status, mapping_status: result.mapping_status, mapping: result.mapping })
  return (
    <Panel
      testId={`content-source-${source.slug}`}
      title={<>{source.name} <Text color='neutralSecondary' weight='regular'>· {source.slug}</Text></>}
      actions={
        <HStack gap='large' alignItems='center'>
          <StatusLight tone={STATUS_TONE[source.status] ?? 'neutral'}>{source.status.replace(/_/g, ' ')}</StatusLight>
          <Badge tone={MAPPING_TONE[source.mapping_status] ?? 'neutral'}>mapping {source.mapping_status}</Badge>
          {!source.enabled && <Badge tone='neutral'>disabled</Badge>}
        </HStack>
      }
    >
      <Text size='small' color='neutralSecondary'>
        {source.ingest_path ? <>Deliveries to <InlineCode>{source.ingest_path}</InlineCode> · </> : null}updated {formatTime(source.updated_at)}
      </Text>
      {source.auth_mode === 'bearer' && (
        <Notice tone='caution' data-testid={`bearer-replay-warning-${source.slug}`}>
          <Content>
            <Text>
              Bearer mode signs nothing: anyone who sees one delivery (a log, a proxy) can send it again, or send
              their own, for as long as the secret lasts. Use <InlineCode>hmac</InlineCode>, which signs each delivery's
              id and time and refuses it after 5 minutes.
            </Text>
          </Content>
        </Notice>
      )}
      {source.sample === null || source.sample === undefined
        ? <Text color='neutralSecondary'>No delivery yet. The first one becomes the sample, and a mapping is proposed for it here.</Text>
        : (
          <Grid columns='minmax(0, 1fr) minmax(0, 1fr)' gap='xlarge' alignItems='start'>
            <VStack gap='medium' minWidth={0}>
              <Heading elementType='h3' size='small'>Latest sample</Heading>
              <JsonView value={source.sample} label={`Sample of ${source.name}`} maxHeight='24rem' />
            </VStack>
            <VStack gap='medium' minWidth={0}>
              <Heading elementType='h3' size='small'>{source.mapping_status === 'approved' ? 'Approved mapping' : 'Proposed mapping'}</Heading>
              {approve
                ? <MappingEditor key={source.mapping_status} source={source} approve={approve} onApproved={approved} />
                : <JsonView value={source.mapping ?? {}} label={`Mapping of ${source.name}`} />}
            </VStack>
          </Grid>
        )}
    </Panel>
  )
}
