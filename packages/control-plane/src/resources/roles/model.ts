import { list } from '@keystone-6/core'
import { checkbox, integer, relationship, text, timestamp } from '@keystone-6/core/fields'
import type { ListAccess } from '../../platform/auth/list-access.ts'

/** A team role. System roles are seeded by the control plane and cannot be changed or deleted. */
export const roleList = ({ access, ui }: ListAccess) => list({
  access,
  ui: { ...ui, label: 'Team roles', listView: { initialColumns: ['slug', 'name', 'system', 'constraintType', 'maxCount'] } },
  db: { map: 'svc_roles' },
  fields: {
    slug: text({ validation: { isRequired: true }, isIndexed: 'unique' }),
    name: text({ validation: { isRequired: true } }),
    description: text(),
    icon: text(),
    color: text(),
    constraintType: text({ defaultValue: 'none' }),
    maxCount: integer({ db: { isNullable: true } }),
    system: checkbox({ defaultValue: false }),
    members: relationship({ ref: 'SvcTeamMember.roles', many: true }),
    createdAt: timestamp({ defaultValue: { kind: 'now' } }),
    updatedAt: timestamp({ db: { updatedAt: true } }),
  },
})
