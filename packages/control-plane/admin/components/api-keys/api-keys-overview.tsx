import { useState } from 'react'
import { DialogContainer } from '@keystar/ui/dialog'
import { VStack } from '@keystar/ui/layout'
import { dispatch, type SvcFailure, operation } from '../../lib/svc-client.ts'
import type { ApiKey, MintedApiKey } from '../../lib/records.ts'
import { useOperation } from '../../lib/use-operation.ts'
import { FailureNotice } from '../failure-notice.tsx'
import { Panel } from '../panel.tsx'
import { OperationState } from '../operation-state.tsx'
import { ApiKeyTable } from './api-key-table.tsx'
import { MintKeyForm } from './mint-key-form.tsx'
import { MintedKeyNotice } from './minted-key-notice.tsx'
import { RevokeKeyDialog } from './revoke-key-dialog.tsx'

const LIST = operation('api_keys', 'list')
const EVERY_ACCOUNT = operation('api_keys', 'list', { owner: 'all' })

const othersOf = (every: readonly ApiKey[], own: readonly ApiKey[]) => {
  const ownIds = new Set(own.map(key => key.id))
  return every.filter(key => !ownIds.has(key.id))
}

/** Mint, list and revoke the signed-in account's API keys; below, every account's, which an administrator may revoke. */
export function ApiKeysOverview () {
  const keys = useOperation(LIST)
  const everyKey = useOperation(EVERY_ACCOUNT)
  const [minted, setMinted] = useState<MintedApiKey | null>(null)
  const [revoking, setRevoking] = useState<ApiKey | null>(null)
  const [failure, setFailure] = useState<(SvcFailure & { status: number }) | null>(null)

  async function revoke (key: ApiKey) {
    const response = await dispatch({ resource: 'api_keys', action: 'revoke', params: { id: key.id }, confirm: true })
    setFailure(response.ok ? null : response)
    keys.reload()
    everyKey.reload()
  }

  return (
    <VStack gap='xlarge'>
      <Panel title='Mint a key'>
        <MintKeyForm onMinted={key => { setMinted(key); keys.reload() }} />
        {minted && <MintedKeyNotice minted={minted} onDismiss={() => setMinted(null)} />}
      </Panel>
      <Panel title='Your keys'>
        {failure && <FailureNotice failure={failure} title='The key was not revoked' />}
        <OperationState state={keys}>
          {data => <ApiKeyTable keys={data.keys} onRevoke={setRevoking} />}
        </OperationState>
      </Panel>
      {keys.status === 'ready' && (
        <Panel title="Other accounts' keys">
          <OperationState state={everyKey}>
            {data => <ApiKeyTable label="Other accounts' API keys" keys={othersOf(data.keys, keys.data.keys)} onRevoke={setRevoking} showOwner />}
          </OperationState>
        </Panel>
      )}
      <DialogContainer onDismiss={() => setRevoking(null)}>
        {revoking && <RevokeKeyDialog apiKey={revoking} onRevoke={() => { void revoke(revoking) }} />}
      </DialogContainer>
    </VStack>
  )
}
