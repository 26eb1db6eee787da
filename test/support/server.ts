import { randomBytes, randomUUID } from 'node:crypto'
import { rm } from 'node:fs/promises'
import path from 'node:path'
import { getContext } from '@keystone-6/core/context'
import { createExpressServer } from '@keystone-6/core/___internal-do-not-use-will-break-in-patch/artifacts'
import type { Express } from 'express'
import * as PrismaModule from '../../generated/prisma/client.ts'
import { createHostConfig } from '../../host/config.ts'
import type { ControlPlaneOptions } from '../../src/index.ts'
import { resolveDatabase, sqliteFilePath } from '../../src/db/database-url.ts'
import { migrate } from '../../src/db/migrate.ts'
import type { Db } from '../../src/db/client.ts'

export type TestServer = {
  app: Express
  db: Db
  databaseUrl: string
  encryptionKey: string
  close (): Promise<void>
}

/** The database tests run on: a fresh SQLite file each, or the PostgreSQL CI provides. */
function freshDatabaseUrl (): string {
  return `file:./var/test/${randomUUID()}.db`
}

/**
 * The real host: Keystone's own express server (GraphQL, session, the control plane) on a
 * freshly migrated database. Only the Next.js Admin UI is left out.
 * `sharedWith` starts a second server on another server's database, as a second process would;
 * the database then belongs to the first server, which removes it on close.
 */
export async function startTestServer (controlPlane: ControlPlaneOptions = {}, sharedWith?: TestServer): Promise<TestServer> {
  const databaseUrl = sharedWith?.databaseUrl ?? freshDatabaseUrl()
  if (!sharedWith) await migrate(resolveDatabase(databaseUrl))
  const encryptionKey = sharedWith?.encryptionKey ?? randomBytes(32).toString('hex')
  const config = createHostConfig({
    databaseUrl,
    sessionSecret: randomBytes(32).toString('base64'),
    controlPlane: { encryptionKey, varDir: 'var/test', ...controlPlane },
  })
  const context = getContext(config, PrismaModule)
  await config.db.onConnect?.(context)
  const { expressServer } = await createExpressServer(config, context)
  return {
    app: expressServer,
    db: context.prisma as Db,
    databaseUrl,
    encryptionKey,
    async close () {
      await context.prisma.$disconnect()
      if (sharedWith) return
      const file = path.resolve(sqliteFilePath(databaseUrl))
      await Promise.all([file, `${file}-wal`, `${file}-shm`].map(f => rm(f, { force: true })))
    },
  }
}
