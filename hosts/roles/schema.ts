import { list } from '@keystone-6/core'
import { allOperations, denyAll } from '@keystone-6/core/access'
import { checkbox, password, relationship, text } from '@keystone-6/core/fields'
import { isSignedIn, permissions, rules } from './access.ts'

/** The permission boxes of a Role: what its holders may do. */
const permissionFields = {
  canManagePeople: checkbox({ defaultValue: false }),
  canManageRoles: checkbox({ defaultValue: false }),
  canSeeOtherPeople: checkbox({ defaultValue: false }),
  canManageAllTodos: checkbox({ defaultValue: false }),
}

export const lists = {
  Todo: list({
    access: {
      operation: { ...allOperations(isSignedIn) },
      filter: { query: rules.canReadTodos, update: rules.canReadTodos, delete: rules.canReadTodos },
    },
    fields: {
      label: text({ validation: { isRequired: true } }),
      isComplete: checkbox(),
      assignedTo: relationship({ ref: 'User.tasks' }),
    },
  }),

  // People sign in by a unique name; there is no e-mail field.
  User: list({
    access: {
      operation: { ...allOperations(isSignedIn), create: permissions.canManagePeople, delete: permissions.canManagePeople },
      filter: { query: rules.canReadPeople, update: rules.canReadPeople },
    },
    fields: {
      name: text({ isIndexed: 'unique', validation: { isRequired: true } }),
      password: password(),
      role: relationship({ ref: 'Role.assignedTo', access: { create: permissions.canManagePeople, update: permissions.canManagePeople } }),
      tasks: relationship({ ref: 'Todo.assignedTo', many: true }),
    },
  }),

  Role: list({
    access: {
      operation: { ...allOperations(permissions.canManageRoles), query: isSignedIn, delete: denyAll },
    },
    fields: {
      name: text({ validation: { isRequired: true } }),
      ...permissionFields,
      assignedTo: relationship({ ref: 'User.role', many: true }),
    },
  }),
}
