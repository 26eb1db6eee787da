import { operation } from '../../lib/svc-client.ts'
import { useState } from 'react'
import { Badge } from '@keystar/ui/badge'
import { ActionButton } from '@keystar/ui/button'
import { DialogContainer } from '@keystar/ui/dialog'
import { Flex, VStack } from '@keystar/ui/layout'
import { Notice } from '@keystar/ui/notice'
import { Text } from '@keystar/ui/typography'
import type { Manifest } from '../../lib/svc-client.ts'
import { findOperation } from '../../lib/manifest-access.ts'
import { useAction } from '../../lib/use-action.ts'
import { FailureNotice } from '../failure-notice.tsx'
import { SignOutEverywhereDialog } from './sign-out-everywhere.tsx'
import type { TeamMember } from '../../lib/records.ts'
import { plural } from '../../lib/format.ts'
import { useOperation } from '../../lib/use-operation.ts'
import { consoleActionsColumn } from '../console-actions-column.tsx'
import { DataTable, type Column } from '../data-table.tsx'
import { OperationState } from '../operation-state.tsx'
import { Panel } from '../panel.tsx'
import { memberName } from './member-name.ts'

const LIST = operation('users', 'list')

/** Offered to whoever the manifest lets call sessions.revoke (an administrator), for members linked to an account. */
function sessionsColumn (manifest: Manifest, onSignOut: (member: TeamMember) => void): Column<TeamMember>[] {
  if (!findOperation(manifest, 'sessions.revoke')) return []
  return [{
    key: 'sessions',
    header: 'Sessions',
    width: '11rem',
    cell: member => member.account_id
      ? <ActionButton aria-label={`Sign ${memberName(member)} out everywhere`} onPress={() => onSignOut(member)}>Sign out everywhere</ActionButton>
      : <Text color='neutralSecondary'>no account</Text>,
  }]
}

function columns (manifest: Manifest, members: readonly TeamMember[], onSignOut: (member: TeamMember) => void): Column<TeamMember>[] {
  const withRoles = members.some(member => member.roles !== undefined)
  return [
    { key: 'slot', header: 'Slot', width: '4.5rem', cell: member => <code>{member.user_num}</code> },
    { key: 'name', header: 'Name', cell: member => <Text weight='medium'>{memberName(member)}</Text> },
    { key: 'email', header: 'Work e-mail', cell: member => member.email || '—' },
    { key: 'phone', header: 'Phone', width: '9rem', cell: member => member.phone_number || '—' },
    { key: 'company', header: 'Company', width: '8rem', cell: member => member.company_name || '—' },
    ...(withRoles
      ? [{
          key: 'roles',
          header: 'Roles',
          width: '9rem',
          cell: (member: TeamMember) => member.roles?.length
            ? <Flex gap='small' wrap>{member.roles.map(role => <Badge key={role} tone='neutral'>{role}</Badge>)}</Flex>
            : '—',
        }]
      : []),
    ...sessionsColumn(manifest, onSignOut),
    consoleActionsColumn<TeamMember>(manifest, '7.5rem', member => [
      { label: 'Edit', operation: 'users.update', params: { user_num: member.user_num } },
      { label: 'Delete', operation: 'users.delete', params: { user_num: member.user_num } },
    ]),
  ]
}

/** The active team members in their slots (users.list). */
export function TeamOverview ({ manifest }: { manifest: Manifest }) {
  const team = useOperation(LIST)
  const revoke = useAction()
  const [asking, setAsking] = useState<TeamMember | null>(null)
  const [signedOut, setSignedOut] = useState<TeamMember | null>(null)

  async function signOutEverywhere (member: TeamMember) {
    setSignedOut(null)
    if (!member.account_id) return
    const response = await revoke.run({ resource: 'sessions', action: 'revoke', params: { account_id: member.account_id }, confirm: true })
    if (response.ok) setSignedOut(member)
  }

  return (
    <OperationState state={team}>
      {data => (
        <Panel title='Team members' actions={<Text color='neutralSecondary'>{plural(data.users.length, 'active member')}</Text>}>
          <VStack gap='large'>
            {revoke.failure && <FailureNotice failure={revoke.failure} title='The sessions were not ended' />}
            {signedOut && <Notice tone='positive' data-testid='signed-out-everywhere'><Text>{memberName(signedOut)} is signed out everywhere.</Text></Notice>}
            <DataTable label='Team members' columns={columns(manifest, data.users, setAsking)} rows={data.users} rowKey={member => member.user_num} empty='No team member yet. Add one with “Add team member” above; each member takes the next free slot and gets a personal page.' />
          </VStack>
          <DialogContainer onDismiss={() => setAsking(null)}>
            {asking && <SignOutEverywhereDialog member={asking} onConfirm={() => { void signOutEverywhere(asking) }} />}
          </DialogContainer>
        </Panel>
      )}
    </OperationState>
  )
}
