/**
 * A Keystone site in the shape of Keystone's own usecase-roles example: people sign in by a unique
 * name (no e-mail field), each related to a Role whose permission boxes decide what they may do,
 * and the lists' access rules read those boxes from `session.data`. The control plane is installed
 * from its package and wired as docs/install.md's second worked example shows.
 */
import { config } from '@keystone-6/core'
import { statelessSessions } from '@keystone-6/core/session'
import { createAuth } from '@keystone-6/auth'
import { withControlPlane, type ControlPlaneOptions } from 'keystone-svc-control-plane'
import { createAdapterFactory, resolveDatabase } from 'keystone-svc-control-plane/database'
import { lists } from './schema.ts'

const database = resolveDatabase(process.env.DATABASE_URL || 'file:./var/roles.db')

const sessionSecret = process.env.SESSION_SECRET
if (!sessionSecret && process.env.NODE_ENV === 'production') throw new Error('SESSION_SECRET is not set')

// The control plane's options: given to withControlPlane below, and exported for its command line.
export const controlPlaneOptions: ControlPlaneOptions = {
  host: {
    accounts: {
      roleSelect: { role: { select: { canManagePeople: true } } },
      roleOf: user => user.role?.canManagePeople ? 'administrator' : null,
      administratorData: { role: { create: { name: 'Administrator', canManagePeople: true, canManageRoles: true, canSeeOtherPeople: true, canManageAllTodos: true } } },
    },
    content: false,
  },
}

const { withAuth } = createAuth({
  listKey: 'User',
  identityField: 'name',
  secretField: 'password',
  sessionData: 'name role { id name canManagePeople canManageRoles canSeeOtherPeople canManageAllTodos }',
})

export default withAuth(config(withControlPlane({
  db: {
    provider: database.provider,
    prismaClientOptions: () => ({ adapter: createAdapterFactory(database) }),
  },
  lists,
  session: statelessSessions({ secret: sessionSecret ?? 'roles-host-development-session-secret', maxAge: 60 * 60 * 24 }),
  ui: { isAccessAllowed: context => Boolean(context.session?.data?.role) },
  telemetry: false,
}, controlPlaneOptions)))
