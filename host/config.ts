import { config } from '@keystone-6/core'
import { statelessSessions } from '@keystone-6/core/session'
import { createAuth } from '@keystone-6/auth'
import type { BaseKeystoneTypeInfo, KeystoneConfig } from '@keystone-6/core/types'
import { hostLists } from '../schema/index.ts'
import { withControlPlane, type ControlPlaneOptions } from 'keystone-svc-control-plane'
import { resolveDatabase } from 'keystone-svc-control-plane/database'
import { createAdapterFactory } from 'keystone-svc-control-plane/database'
import { wireLegacyPasswordRehash } from './legacy-rehash.ts'
import { sessionSecret } from './session-secret.ts'
import { isProduction, missingSharedSecret, sessionCookieSecure } from './runtime-mode.ts'
import { clientAddressResolver, parseTrustProxy } from 'keystone-svc-control-plane'
import { throttleSignIn, type SignInLimits } from './sign-in-throttle.ts'
import { siteNotes } from '../examples/site-notes/index.ts'
import { seedPostTypes } from '../schema/seed-post-types.ts'
import { isSignedIn } from '../schema/access.ts'
import type { PrismaClient } from '../generated/prisma/client.ts'
import { traceRequests } from './request-spans.ts'

export type HostSettings = {
  /** @default process.env.DATABASE_URL, else `file:./var/svc.db` */
  databaseUrl?: string | undefined
  /** @default SESSION_SECRET, else a development secret under `var/` */
  sessionSecret?: string
  controlPlane?: ControlPlaneOptions
  /** Limits on password sign-in (GraphQL and the Admin UI). */
  signInLimits?: SignInLimits
  /**
   * How a sign-in attempt waits its growing wait (a test records the waits instead of sleeping them).
   * @default a timer
   */
  signInWait?: (ms: number) => Promise<unknown>
  /**
   * The id kind of the accounts (`User`) and posts (`Post`) lists: Keystone's `db.idField`.
   * @default Keystone's (`cuid`)
   */
  idField?: IdFieldConfig
}

export type IdFieldConfig = NonNullable<KeystoneConfig<BaseKeystoneTypeInfo>['db']['idField']>

/**
 * Keystone gives `string` and `number` ids no default: each row's id is the host's to pick. This
 * host has its database pick them, so rows written through Prisma (the control plane's) get one too.
 */
const DATABASE_ID_DEFAULTS: Partial<Record<IdFieldConfig['kind'], string>> = { string: '@default(uuid())', number: '@default(autoincrement())' }

type ListDb = { idField?: IdFieldConfig, extendPrismaSchema?: (schema: string) => string }

function withIdField (db: ListDb | undefined, idField: IdFieldConfig): ListDb {
  const idDefault = DATABASE_ID_DEFAULTS[idField.kind]
  if (!idDefault) return { ...db, idField }
  const extend = db?.extendPrismaSchema ?? ((schema: string) => schema)
  return { ...db, idField, extendPrismaSchema: schema => extend(schema).replace(/^(\s*id\s+\w+\s+@id)/m, `$1 ${idDefault}`) }
}

/** The host's lists, with accounts and posts given the id kind. */
function listsWithIdField (idField: IdFieldConfig | undefined): typeof hostLists {
  if (!idField) return hostLists
  const { User, Post } = hostLists
  return { ...hostLists, User: { ...User, db: withIdField(User.db, idField) }, Post: { ...Post, db: withIdField(Post.db, idField) } }
}

/**
 * The control-plane options of this host. The package reads its own environment variables
 * (docs/configuration.md); the host adds only what it knows better: the site address from `PORT`
 * when `SITE_URL` is unset.
 */
export function controlPlaneOptionsFromEnvironment (env: NodeJS.ProcessEnv = process.env): ControlPlaneOptions {
  return { env, ...env.SITE_URL?.trim() ? {} : { http: { siteUrl: `http://localhost:${env.PORT || 3000}` } } }
}

/**
 * This host ships the extension guide's worked example, so it is always built and tested; a
 * caller who names it too, as the guide shows, gets it once.
 */
function withSiteNotes (options: ControlPlaneOptions): ControlPlaneOptions {
  const given = options.extensions ?? []
  return { ...options, extensions: [...given.includes(siteNotes) ? [] : [siteNotes], ...given] }
}

/** The options `createHostConfig(settings)` wraps its config with: what `keystone.ts` exports for the package's command line. */
export function hostControlPlaneOptions (settings: Pick<HostSettings, 'controlPlane'> = {}): ControlPlaneOptions {
  return withSiteNotes(settings.controlPlane ?? controlPlaneOptionsFromEnvironment())
}

/** The host CMS: accounts with Admin UI sign-in, its content lists, and the control plane. */
export function createHostConfig (settings: HostSettings = {}) {
  const missingSecret = missingSharedSecret()
  if (missingSecret) throw new Error(missingSecret)
  const production = isProduction()
  const database = resolveDatabase(settings.databaseUrl ?? process.env.DATABASE_URL)
  const controlPlane = hostControlPlaneOptions(settings)
  const { withAuth } = createAuth({
    listKey: 'User',
    identityField: 'email',
    secretField: 'password',
    sessionData: 'id name email role',
  })
  return withAuth(config(withControlPlane({
    db: {
      provider: database.provider,
      prismaClientOptions: () => ({ adapter: createAdapterFactory(database) }),
      prismaClientPath: 'generated/prisma',
      onConnect: async context => {
        wireLegacyPasswordRehash(context)
        await seedPostTypes(context.prisma as PrismaClient)
      },
    },
    lists: listsWithIdField(settings.idField),
    session: statelessSessions({ secret: settings.sessionSecret ?? sessionSecret(), maxAge: 60 * 60 * 24 * 7, secure: sessionCookieSecure() }),
    ui: { isAccessAllowed: isSignedIn },
    graphql: {
      // Explicit rather than left to Keystone's NODE_ENV defaults, so the production surface is visible here.
      playground: !production,
      debug: !production,
      apolloConfig: { introspection: !production },
      extendGraphqlSchema: schema => throttleSignIn(schema, {
        limits: settings.signInLimits,
        wait: settings.signInWait,
        clientAddress: clientAddressResolver(controlPlane.http?.trustProxy ?? parseTrustProxy(process.env.SVC_TRUST_PROXY)),
        now: controlPlane.clock ?? (() => new Date()),
      }),
    },
    server: { extendExpressApp: traceRequests },
    telemetry: false,
  }, controlPlane)))
}
