import { useEffect, useState } from 'react'
import { Button } from '@keystar/ui/button'
import { Checkbox, CheckboxGroup } from '@keystar/ui/checkbox'
import { Flex, HStack, VStack } from '@keystar/ui/layout'
import { ProgressCircle } from '@keystar/ui/progress'
import { Heading, Text } from '@keystar/ui/typography'
import { InlineCode } from '@keystone-6/core/admin-ui/components'
import { Panel } from '../panel.tsx'
import { FailureNotice } from '../failure-notice.tsx'
import type { SvcFailure, SvcResponse } from '../../lib/svc-client.ts'

type ConsentRequest = {
  uid: string
  client_id: string
  client_name: string | null
  /** The host of the client's metadata document URL: who it is, as verified. Null for a client that named itself. */
  verified_host: string | null
  /** The name the client gave itself, unchecked. */
  claimed_name: string | null
  redirect_uri: string
  redirect_host: string
  account: { id: string, email: string }
  scopes: string[]
}

type Decision = { redirect_to: string }

async function interactionCall<Data> (uid: string, step: string, body?: unknown): Promise<SvcResponse<Data>> {
  const response = await fetch(`/oauth/interaction/${encodeURIComponent(uid)}/${step}`, body === undefined
    ? { credentials: 'same-origin', headers: { accept: 'application/json' } }
    : { method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify(body) })
  const envelope = await response.json().catch(() => null) as SvcResponse<Data> | null
  return envelope && typeof envelope.ok === 'boolean'
    ? { ...envelope, status: response.status }
    : { ok: false, data: null, changed: false, error: `unexpected response (HTTP ${response.status})`, code: 'unexpected_response', status: response.status }
}

/** Who asks, as verified; where access goes; which scopes to grant (all offered, each may be unchecked); allow or deny. */
function requesterTitle (request: ConsentRequest): string {
  if (request.verified_host) return `${request.verified_host} asks to use this site as ${request.account.email}`
  return `An unverified app calling itself “${request.claimed_name ?? request.client_id}” asks to use this site as ${request.account.email}`
}


export function ConsentForm ({ uid }: { uid: string }) {
  const [request, setRequest] = useState<ConsentRequest | null>(null)
  const [failure, setFailure] = useState<(SvcFailure & { status: number }) | null>(null)
  const [granted, setGranted] = useState<string[]>([])
  const [busy, setBusy] = useState(false)
  // On by default: a connector's destructive calls wait for a person unless they say otherwise here.
  const [approveDestructive, setApproveDestructive] = useState(true)
  useEffect(() => {
    void interactionCall<ConsentRequest>(uid, 'details').then(response => {
      if (!response.ok) return setFailure(response)
      setRequest(response.data)
      // Every offered scope was asked for (or, asked for none, is read-only): all checked, read_only included.
      setGranted(response.data.scopes)
    })
  }, [uid])
  const decide = async (step: 'confirm' | 'deny') => {
    setBusy(true)
    const response = await interactionCall<Decision>(uid, step, step === 'confirm' ? { scopes: granted, approve_destructive: approveDestructive } : {})
    if (response.ok) window.location.assign(response.data.redirect_to)
    else { setFailure(response); setBusy(false) }
  }
  if (failure) return <FailureNotice failure={failure} title='This sign-in request cannot continue' />
  if (!request) return <Flex justifyContent='center' paddingY='xxlarge'><ProgressCircle aria-label='Loading the request' isIndeterminate /></Flex>
  return (
    <Panel title={requesterTitle(request)} testId='oauth-consent'>
      <VStack gap='large'>
        {request.verified_host
          ? <Text data-testid='oauth-consent-verified'>Verified: its description is served by <strong>{request.verified_host}</strong>{request.claimed_name ? ` (it calls itself “${request.claimed_name}”)` : ''}.</Text>
          : <Text data-testid='oauth-consent-unverified'><strong>Unverified:</strong> this app registered itself; nothing checks the name it gave. Allow it only if you started this connection.</Text>}
        <Heading elementType='h3' size='small' data-testid='oauth-consent-redirect-host'>Access goes to {request.redirect_host}</Heading>
        <Text>Returns to <InlineCode data-testid='oauth-consent-redirect'>{request.redirect_uri}</InlineCode></Text>
        <Text>Client id <InlineCode data-testid='oauth-consent-client-id'>{request.client_id}</InlineCode></Text>
        <Heading elementType='h3' size='small'>What it may do (uncheck to grant less)</Heading>
        <CheckboxGroup label='Scopes' value={granted} onChange={setGranted}>
          {request.scopes.map(scope => <Checkbox key={scope} value={scope} data-testid={`oauth-scope-${scope}`}>{scope === 'read_only' ? 'read_only (only operations that change nothing)' : scope}</Checkbox>)}
        </CheckboxGroup>
        <Checkbox isSelected={approveDestructive} onChange={setApproveDestructive} data-testid='oauth-approve-destructive'>
          Ask an administrator before each destructive call (delete, revoke, overwrite): it waits on the Approvals page
        </Checkbox>
        <HStack gap='regular'>
          <Button prominence='high' isDisabled={busy} onPress={() => void decide('confirm')} data-testid='oauth-allow'>Allow</Button>
          <Button isDisabled={busy} onPress={() => void decide('deny')} data-testid='oauth-deny'>Deny</Button>
        </HStack>
      </VStack>
    </Panel>
  )
}
