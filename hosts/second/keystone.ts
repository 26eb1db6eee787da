/**
 * The second host: a small Keystone site whose accounts and posts look nothing like the demo's,
 * with the control plane installed from its package. `SECOND_HOST_CONTENT=off` runs it without
 * posts (`host.content: false`).
 */
import { config } from '@keystone-6/core'
import { statelessSessions } from '@keystone-6/core/session'
import { createAuth } from '@keystone-6/auth'
import { withControlPlane, type ControlPlaneOptions, type HostOptions } from 'keystone-svc-control-plane'
import { createAdapterFactory, resolveDatabase } from 'keystone-svc-control-plane/database'
import { lists } from './schema.ts'

const database = resolveDatabase(process.env.DATABASE_URL || 'file:./var/second.db')

const sessionSecret = process.env.SESSION_SECRET
if (!sessionSecret && process.env.NODE_ENV === 'production') throw new Error('SESSION_SECRET is not set')

const host: HostOptions = {
  accounts: {
    list: 'Member',
    roleSelect: { isAdmin: true },
    roleOf: member => member.isAdmin ? 'administrator' : null,
    administratorData: { isAdmin: true },
  },
  content: process.env.SECOND_HOST_CONTENT === 'off' ? false : {
    list: 'Article',
    fields: {
      title: 'title',
      // A Keystone document field: ingest writes document nodes, pipeline stages transform them as HTML.
      body: { field: 'body', format: 'document' },
      slug: 'slug',
      status: { field: 'status', published: 'live', draft: 'draft' },
      tags: 'tags',
    },
  },
}

/** Given to withControlPlane below, and exported for the package's command line, which runs with the same options. */
export const controlPlaneOptions: ControlPlaneOptions = {
  host,
  // SITE_URL, SVC_VAR_DIR, SVC_OUTBOUND_ALLOW… are read by the package itself; only the port-derived default is the site's.
  ...process.env.SITE_URL ? {} : { http: { siteUrl: `http://localhost:${process.env.PORT || 3000}` } },
}

const { withAuth } = createAuth({
  listKey: 'Member',
  identityField: 'email',
  secretField: 'password',
  sessionData: 'id name email isAdmin',
})

export default withAuth(config(withControlPlane({
  db: {
    provider: database.provider,
    idField: { kind: 'cuid' },
    prismaClientOptions: () => ({ adapter: createAdapterFactory(database) }),
  },
  lists,
  session: statelessSessions({ secret: sessionSecret ?? 'second-host-development-session-secret', maxAge: 60 * 60 * 24 }),
  ui: { isAccessAllowed: context => Boolean(context.session?.itemId) },
  telemetry: false,
}, controlPlaneOptions)))
