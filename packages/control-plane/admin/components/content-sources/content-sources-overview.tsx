import { operation } from '../../lib/svc-client.ts'
import { VStack } from '@keystar/ui/layout'
import type { Manifest } from '../../lib/svc-client.ts'
import { useOperation } from '../../lib/use-operation.ts'
import { EmptyState } from '../empty-state.tsx'
import { OperationState } from '../operation-state.tsx'
import { Panel } from '../panel.tsx'
import { SourceCard } from './source-card.tsx'

const LIST = operation('content_sources', 'list')

/** Every content source with its sample and mapping (content_sources.list). */
export function ContentSourcesOverview ({ manifest }: { manifest: Manifest }) {
  const sources = useOperation(LIST)
  return (
    <OperationState state={sources}>
      {data => data.sources.length === 0
        ? (
          <Panel>
            <EmptyState title='No content source yet'>
              Create one with “New content source” above and point your sender at its ingest URL: the first delivery becomes the sample a mapping is proposed for.
            </EmptyState>
          </Panel>
          )
        : <VStack gap='xlarge'>{data.sources.map(source => <SourceCard key={source.id} manifest={manifest} initial={source} />)}</VStack>}
    </OperationState>
  )
}
