import { operation } from '../../lib/svc-client.ts'
import { VStack } from '@keystar/ui/layout'
import { useOperation } from '../../lib/use-operation.ts'
import { EmptyState } from '../empty-state.tsx'
import { OperationState } from '../operation-state.tsx'
import { IntegrationCard } from './integration-card.tsx'

const LIST = operation('integrations', 'list')

/** Every integration of the catalogue, each with its own form. */
export function IntegrationsPanel () {
  const integrations = useOperation(LIST)
  return (
    <OperationState state={integrations}>
      {data => data.integrations.length === 0
        ? <EmptyState title='No integration available'>This installation's catalogue lists no integration.</EmptyState>
        : <VStack gap='xlarge'>{data.integrations.map(integration => <IntegrationCard key={integration.key} initial={integration} />)}</VStack>}
    </OperationState>
  )
}
