import { defineResource } from '../../define-resource.ts'
import { roleList } from './model.ts'
import { ensureSystemRoles } from './system-roles.ts'
import { assignRole } from './assign.ts'
import { createRole } from './create.ts'
import { deleteRole } from './delete.ts'
import { listRoles } from './list.ts'
import { unassignRole } from './unassign.ts'
import { updateRole } from './update.ts'

/** Team roles: the system roles every site starts with and custom ones, assigned to team slots. */
export const rolesResource = defineResource({
  name: 'roles',
  lists: readOnly => ({ SvcRole: roleList(readOnly()) }),
  operations: [assignRole, createRole, deleteRole, listRoles, unassignRole, updateRole],
  seeds: [{ what: 'the system roles', run: ensureSystemRoles }],
  adminPages: [{ path: '/roles', label: 'Roles', title: 'Roles', requires: ['roles.list'] }],
})
