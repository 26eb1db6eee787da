import { list } from '@keystone-6/core'
import { password, select, text, timestamp } from '@keystone-6/core/fields'
import type { BaseListTypeInfo, ListConfig } from '@keystone-6/core/types'
import { HOST_ROLES } from './roles.ts'
import { passwordKdf } from './password-kdf.ts'
import { isAdministrator, isSignedIn, ownAccountOrAdministrator } from './access.ts'

export const User: ListConfig<BaseListTypeInfo> = list({
  access: {
    operation: {
      query: isSignedIn,
      create: isAdministrator,
      update: isSignedIn,
      delete: isAdministrator,
    },
    // Other accounts' e-mails and roles are a list of whom to guess passwords for.
    filter: {
      query: ownAccountOrAdministrator,
      update: ownAccountOrAdministrator,
    },
  },
  ui: {
    listView: { initialColumns: ['name', 'email', 'role', 'createdAt'] },
  },
  fields: {
    name: text({ validation: { isRequired: true } }),
    email: text({ validation: { isRequired: true }, isIndexed: 'unique' }),
    password: password({ validation: { isRequired: true }, kdf: passwordKdf }),
    role: select({
      type: 'string',
      options: HOST_ROLES.map(role => ({ label: role[0]!.toUpperCase() + role.slice(1), value: role })),
      defaultValue: 'subscriber',
      validation: { isRequired: true },
      access: { update: isAdministrator, create: isAdministrator },
    }),
    createdAt: timestamp({ defaultValue: { kind: 'now' } }),
  },
})
