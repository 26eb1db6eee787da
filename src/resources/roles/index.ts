import { assignRole } from './assign.ts'
import { createRole } from './create.ts'
import { deleteRole } from './delete.ts'
import { listRoles } from './list.ts'
import { unassignRole } from './unassign.ts'
import { updateRole } from './update.ts'

export const roleOperations = [assignRole, createRole, deleteRole, listRoles, unassignRole, updateRole]
