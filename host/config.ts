import { config } from '@keystone-6/core'
import { statelessSessions } from '@keystone-6/core/session'
import { createAuth } from '@keystone-6/auth'
import { hostLists } from '../schema/index.ts'
import { withControlPlane, type ControlPlaneOptions } from 'keystone-svc-control-plane'
import { resolveDatabase } from 'keystone-svc-control-plane/database'
import { createAdapterFactory } from 'keystone-svc-control-plane/database'
import { wireLegacyPasswordRehash } from './legacy-rehash.ts'
import { sessionSecret } from './session-secret.ts'
import { optionalIntegerEnv, optionalListEnv } from './env.ts'
import { isProduction, missingSharedSecret, servedOverHttps } from './runtime-mode.ts'
import { clientAddressResolver, parseTrustProxy } from 'keystone-svc-control-plane'
import { throttleSignIn, type SignInLimits } from './sign-in-throttle.ts'
import { siteNotes } from '../examples/site-notes/index.ts'
import { seedPostTypes } from '../schema/seed-post-types.ts'
import type { Db } from 'keystone-svc-control-plane'

export type HostSettings = {
  /** @default process.env.DATABASE_URL, else `file:./var/svc.db` */
  databaseUrl?: string | undefined
  /** @default SESSION_SECRET, else a development secret under `var/` */
  sessionSecret?: string
  controlPlane?: ControlPlaneOptions
  /** Limits on password sign-in (GraphQL and the Admin UI). */
  signInLimits?: SignInLimits
}

/** The control-plane options this host reads from its environment. */
export function controlPlaneOptionsFromEnv (env: NodeJS.ProcessEnv = process.env): ControlPlaneOptions {
  const multiInstance = resolveDatabase(env.DATABASE_URL).provider === 'postgresql'
  return {
    maxCrmSystems: optionalIntegerEnv('SVC_MAX_CRM_SYSTEMS', env),
    rateLimit: { points: optionalIntegerEnv('SVC_RATE_LIMIT_PER_MINUTE', env), store: multiInstance ? 'database' : 'memory' },
    leadsContactCrmNum: optionalIntegerEnv('SVC_LEADS_CONTACT_CRM_NUM', env),
    publicLeadOrigins: optionalListEnv('SVC_PUBLIC_LEAD_ORIGINS', env),
    publicLeadRateLimit: { points: optionalIntegerEnv('SVC_PUBLIC_LEAD_RATE_LIMIT_PER_HOUR', env) },
    ingestRateLimit: { points: optionalIntegerEnv('SVC_INGEST_RATE_LIMIT_PER_MINUTE', env) },
    siteUrl: env.SITE_URL || `http://localhost:${env.PORT || 3000}`,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.SVC_MAIL_FROM || undefined,
    mcpAllowedHosts: optionalListEnv('SVC_MCP_ALLOWED_HOSTS', env),
    varDir: env.SVC_VAR_DIR || undefined,
    outboundAllow: optionalListEnv('SVC_OUTBOUND_ALLOW', env),
    trustProxy: parseTrustProxy(env.SVC_TRUST_PROXY),
  }
}

/** This host ships the extension guide's worked example, so it is always built and tested. */
function withSiteNotes (options: ControlPlaneOptions): ControlPlaneOptions {
  return { ...options, extensions: [siteNotes, ...options.extensions ?? []] }
}

/** The host CMS: accounts with Admin UI sign-in, its content lists, and the control plane. */
export function createHostConfig (settings: HostSettings = {}) {
  const missingSecret = missingSharedSecret()
  if (missingSecret) throw new Error(missingSecret)
  const production = isProduction()
  const database = resolveDatabase(settings.databaseUrl ?? process.env.DATABASE_URL)
  const controlPlane = settings.controlPlane ?? controlPlaneOptionsFromEnv()
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
        await seedPostTypes(context.prisma as Db)
      },
    },
    lists: hostLists,
    session: statelessSessions({ secret: settings.sessionSecret ?? sessionSecret(), maxAge: 60 * 60 * 24 * 7, secure: servedOverHttps() }),
    ui: { isAccessAllowed: context => Boolean(context.session?.itemId) },
    graphql: {
      // Explicit rather than left to Keystone's NODE_ENV defaults, so the production surface is visible here.
      playground: !production,
      debug: !production,
      apolloConfig: { introspection: !production },
      extendGraphqlSchema: schema => throttleSignIn(schema, {
        limits: settings.signInLimits,
        clientAddress: clientAddressResolver(controlPlane.trustProxy),
        now: controlPlane.now ?? (() => new Date()),
      }),
    },
    telemetry: false,
  }, withSiteNotes(controlPlane))))
}
