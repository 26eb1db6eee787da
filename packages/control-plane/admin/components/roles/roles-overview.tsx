import { operation } from '../../lib/svc-client.ts'
import { Badge } from '@keystar/ui/badge'
import { Text } from '@keystar/ui/typography'
import type { Manifest } from '../../lib/svc-client.ts'
import type { Role } from '../../lib/records.ts'
import { hasOperations } from '../../lib/manifest-access.ts'
import { plural } from '../../lib/format.ts'
import { useOperation } from '../../lib/use-operation.ts'
import { consoleActionsColumn } from '../console-actions-column.tsx'
import { DataTable, type Column } from '../data-table.tsx'
import { OperationState } from '../operation-state.tsx'
import { Panel } from '../panel.tsx'
import { memberName } from '../team/member-name.ts'
import { RoleName } from './role-name.tsx'

const ROLES = operation('roles', 'list')
const TEAM = operation('users', 'list')

function constraintOf (role: Role): string {
  return role.constraint_type === 'max' && role.max_count ? `at most ${role.max_count}` : 'any number'
}

function columns (manifest: Manifest, names: Map<string, string>): Column<Role>[] {
  return [
    { key: 'name', header: 'Role', cell: role => <RoleName role={role} /> },
    { key: 'slug', header: 'Slug', width: '10rem', cell: role => <code>{role.slug}</code> },
    { key: 'kind', header: 'Kind', width: '6.5rem', cell: role => role.system ? <Badge tone='accent'>system</Badge> : <Badge tone='neutral'>custom</Badge> },
    { key: 'size', header: 'Members allowed', width: '9rem', cell: constraintOf },
    {
      key: 'members',
      header: 'Assigned',
      cell: role => role.assigned_users.length === 0
        ? <Text color='neutralSecondary'>nobody</Text>
        : <Text>{role.assigned_users.map(slot => names.get(slot) ?? slot).join(', ')}</Text>,
    },
    consoleActionsColumn<Role>(manifest, '9rem', role => [
      { label: 'Assign', operation: 'roles.assign', params: { slug: role.slug } },
      ...(role.system ? [] : [{ label: 'Edit', operation: 'roles.update', params: { slug: role.slug } }]),
    ]),
  ]
}

/** System and custom roles with the team members holding them (roles.list, users.list when present). */
export function RolesOverview ({ manifest }: { manifest: Manifest }) {
  const roles = useOperation(ROLES)
  const team = useOperation(hasOperations(manifest, ['users.list']) ? TEAM : null)
  const names = new Map(team.status === 'ready' ? team.data.users.map(member => [member.user_num, `${memberName(member)} (${member.user_num})`]) : [])
  return (
    <OperationState state={roles}>
      {data => (
        <Panel title='Roles' actions={<Text color='neutralSecondary'>{plural(data.roles.length, 'role')}</Text>}>
          <DataTable label='Roles' columns={columns(manifest, names)} rows={data.roles} rowKey={role => role.slug} empty='No roles.' />
        </Panel>
      )}
    </OperationState>
  )
}
