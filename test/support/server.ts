import { randomBytes } from 'node:crypto'
import { getContext } from '@keystone-6/core/context'
import { createExpressServer } from '@keystone-6/core/___internal-do-not-use-will-break-in-patch/artifacts'
import type { Express } from 'express'
import * as PrismaModule from '../../generated/prisma/client.ts'
import { createHostConfig, type HostSettings } from '../../host/config.ts'
import type { ControlPlaneOptions } from '../../packages/control-plane/src/index.ts'
import { resolveDatabase } from '../../packages/control-plane/src/db/database-url.ts'
import { createTestDatabase } from './database.ts'
import { migrate } from '../../packages/control-plane/src/db/migrate.ts'
import { controlPlaneRuntimeOf } from '../../packages/control-plane/src/http/mount.ts'
import type { ControlPlaneRuntime } from '../../packages/control-plane/src/runtime.ts'
import type { Db } from '../../packages/control-plane/src/db/client.ts'

/** The host's client: its own lists (typed by its generated client) and the plugin's (typed by the package's). */
export type HostDb = PrismaModule.PrismaClient & Db

/** The host's lists alone, typed by the host's client (where both clients know a list, the intersection would pick the package's shape). */
export const hostClient = (db: HostDb): PrismaModule.PrismaClient => db

export type TestServer = {
  app: Express
  db: HostDb
  runtime: ControlPlaneRuntime
  databaseUrl: string
  encryptionKey: string
  close (): Promise<void>
}

/**
 * The real host on a fresh, migrated database of the suite's provider: Keystone's own express
 * server (GraphQL, session, the control plane), configured as from the environment. Only the
 * Next.js Admin UI is left out. `sharedWith` starts a second server on another server's
 * database, as a second process would; the database then belongs to the first server.
 */
export async function startTestServer (controlPlane: ControlPlaneOptions = {}, sharedWith?: TestServer, host: Pick<HostSettings, 'signInLimits'> = {}): Promise<TestServer> {
  const database = sharedWith ? null : await createTestDatabase()
  const databaseUrl = sharedWith?.databaseUrl ?? database!.url
  if (!sharedWith) await migrate(resolveDatabase(databaseUrl))
  const encryptionKey = sharedWith?.encryptionKey ?? randomBytes(32).toString('hex')
  const config = createHostConfig({
    databaseUrl,
    sessionSecret: randomBytes(32).toString('base64'),
    // No growing wait between sign-in attempts unless a test asks: files that exhaust a limit would take seconds per account.
    signInLimits: host.signInLimits ?? { delayBaseMs: 0 },
    controlPlane: {
      // The developer's environment stays out of the suite: every setting is its default or the test's own.
      env: {},
      varDir: 'var/test',
      // A prune is started by the tests that are about it (runtime.retention.runOnce()).
      retention: { intervalMinutes: 0 },
      ...controlPlane,
      security: {
        encryptionKey,
        // The suite's other systems are loopback peers (test/support/loopback-server.ts).
        outboundAllow: ['127.0.0.1'],
        ...controlPlane.security,
      },
    },
  })
  const context = getContext(config, PrismaModule)
  await config.db.onConnect?.(context)
  const { expressServer } = await createExpressServer(config, context)
  const runtime = controlPlaneRuntimeOf(expressServer)!
  return {
    app: expressServer,
    db: context.prisma as HostDb,
    runtime,
    databaseUrl,
    encryptionKey,
    async close () {
      await runtime.stop()
      await context.prisma.$disconnect()
      await database?.drop()
    },
  }
}
