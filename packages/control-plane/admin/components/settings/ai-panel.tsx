import type { ManifestEntry } from '../../../src/registry/manifest.ts'
import type { AiSettings as AiRecord } from '../../lib/records.ts'
import { useOperation } from '../../lib/use-operation.ts'
import { OperationState } from '../operation-state.tsx'
import { AiSettings } from './ai-settings.tsx'

const GET = { resource: 'ai', action: 'get' }

/** The stored AI settings, then their form. */
export function AiPanel ({ update }: { update: ManifestEntry }) {
  const settings = useOperation<AiRecord>(GET)
  return <OperationState state={settings}>{data => <AiSettings initial={data} update={update} />}</OperationState>
}
