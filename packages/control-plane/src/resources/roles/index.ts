import { roleChanged } from './events.ts'
import { defineResource } from '../../kernel/define-resource.ts'
import { roleModel } from './model.ts'
import { ensureSystemRoles, systemRolesPresent } from './system-roles.ts'
import { assignRole } from './operations/assign.ts'
import { createRole } from './operations/create.ts'
import { deleteRole } from './operations/delete.ts'
import { listRoles } from './operations/list.ts'
import { unassignRole } from './operations/unassign.ts'
import { updateRole } from './operations/update.ts'

/** Team roles: the system roles every site starts with and custom ones, assigned to team slots. */
export const rolesResource = defineResource({
  name: 'roles',
  events: [roleChanged],
  models: [roleModel],
  operations: {
    assign: assignRole,
    create: createRole,
    delete: deleteRole,
    list: listRoles,
    unassign: unassignRole,
    update: updateRole,
  },
  seeds: [{ what: 'the system roles', run: ensureSystemRoles, present: systemRolesPresent }],
  adminPages: [{ path: '/control-plane/roles', label: 'Roles', title: 'Roles', requires: ['roles.list'] }],
})
