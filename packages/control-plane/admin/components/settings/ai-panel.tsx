import { operation } from '../../lib/svc-client.ts'
import type { ManifestEntry } from '../../../src/kernel/registry/manifest.ts'
import { useOperation } from '../../lib/use-operation.ts'
import { OperationState } from '../operation-state.tsx'
import { AiSettings } from './ai-settings.tsx'

const GET = operation('ai', 'get')

/** The stored AI settings, then their form. */
export function AiPanel ({ update }: { update: ManifestEntry }) {
  const settings = useOperation(GET)
  return <OperationState state={settings}>{data => <AiSettings initial={data} update={update} />}</OperationState>
}
