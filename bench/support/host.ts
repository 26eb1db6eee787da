/**
 * The one way the benchmarks start the demo host: Keystone's own express server with the control
 * plane (as test/support/in-process-server.ts does), on a database that is already migrated, listening on a
 * loopback port. `bench/dispatch.ts` runs it in its own process; `bench/growth.ts` runs it in a
 * child process (bench/support/host-process.ts) so the server's CPU and memory are its own.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { rm } from 'node:fs/promises'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import type { Server } from 'node:http'
import { getContext } from '@keystone-6/core/context'
import { createExpressServer } from '@keystone-6/core/___internal-do-not-use-will-break-in-patch/artifacts'
import * as PrismaModule from '../../generated/prisma/client.ts'
import { createHostConfig } from '../../host/config.ts'
import { resolveDatabase, sqliteFilePath, type DatabaseTarget } from '../../packages/control-plane/src/platform/db/database-url.ts'
import { migrate } from '../../packages/control-plane/src/platform/db/migrate.ts'
import { controlPlaneRuntimeOf } from '../../packages/control-plane/src/doors/http/mount.ts'
import type { Db } from '../../packages/control-plane/src/platform/db/client.ts'
import type { ControlPlaneOptions } from 'keystone-svc-control-plane'
import { issueApiKey } from '../../packages/control-plane/src/resources/api-keys/issue-key.ts'
import { hashPassword } from '../../schema/password-kdf.ts'

/** A limit no run reaches: raised in points only, so the limiter does all its work and never refuses. */
const UNREACHABLE_RATE_LIMIT = 1_000_000_000

export type BenchHost = { baseUrl: string, db: Db, stop: () => Promise<void> }

export type BenchHostOptions = {
  /** Merged over the benchmarks' defaults (the rate limit as `npm start` sets it, but never refusing; var/bench). */
  controlPlane?: ControlPlaneOptions
}

export function listen (server: Server): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`))
  })
}

export async function closeServer (server: Server): Promise<void> {
  server.closeAllConnections()
  await new Promise<void>((resolve, reject) => server.close(error => error ? reject(error) : resolve()))
}

/** As `npm start` serves: production mode, with the secrets it then requires (unless the environment gives them). */
export function servedAsNpmStart (): void {
  process.env.NODE_ENV ??= 'production'
  process.env.SESSION_SECRET ??= randomBytes(32).toString('base64')
  process.env.SVC_ENCRYPTION_KEY ??= randomBytes(32).toString('hex')
}

/**
 * The database a benchmark that starts one host runs on, migrated: PostgreSQL from DATABASE_URL,
 * else a fresh SQLite file under var/bench/ (`fresh`), which a step added to `cleanups` removes.
 */
export async function benchDatabase (cleanups: Array<() => unknown>): Promise<{ database: DatabaseTarget, fresh: boolean }> {
  const configured = resolveDatabase(process.env.DATABASE_URL)
  const fresh = configured.provider !== 'postgresql'
  const database: DatabaseTarget = fresh ? { provider: 'sqlite', url: `file:./var/bench/${randomUUID()}.db` } : configured
  if (fresh) {
    const file = path.resolve(sqliteFilePath(database.url))
    cleanups.push(() => Promise.all([file, `${file}-wal`, `${file}-shm`].map(name => rm(name, { force: true }))))
  }
  await migrate(database)
  return { database, fresh }
}

export async function startHost (database: DatabaseTarget, options: BenchHostOptions = {}): Promise<BenchHost> {
  const config = createHostConfig({
    databaseUrl: database.url,
    sessionSecret: randomBytes(32).toString('base64'),
    controlPlane: {
      security: { encryptionKey: randomBytes(32).toString('hex') },
      varDir: 'var/bench',
      // Only the points: the store stays the provider's default, as `npm start` serves it
      // (memory on SQLite, the database on PostgreSQL).
      rateLimit: { points: UNREACHABLE_RATE_LIMIT },
      ...options.controlPlane,
    },
  })
  const context = getContext(config, PrismaModule)
  const db = context.prisma as Db
  // A step may be asynchronous; stop awaits each.
  const steps: Array<() => unknown> = [() => db.$disconnect()]
  const stop = async () => {
    for (const step of steps.splice(0).reverse()) await step()
  }
  try {
    await config.db.onConnect?.(context)
    const { expressServer, httpServer, apolloServer } = await createExpressServer(config, context)
    steps.push(() => apolloServer.stop())
    // The control plane's background work (the outbox worker, the pruner) would keep the process alive.
    steps.push(() => controlPlaneRuntimeOf(expressServer)?.stop())
    const baseUrl = await listen(httpServer)
    steps.push(() => closeServer(httpServer))
    return { baseUrl, db, stop }
  } catch (error) {
    await stop()
    throw error
  }
}

/** An administrator with a password, and an API key of theirs, written straight through Prisma. */
export async function createAdministrator (db: Db): Promise<{ accountId: string, email: string, password: string, key: string }> {
  const email = `bench-${randomUUID().slice(0, 8)}@example.test`
  const password = `pw-${randomUUID()}`
  const account = await db.user.create({ data: { email, name: 'bench', role: 'administrator', password: await hashPassword(password) } })
  const key = await issueApiKey(db, { accountId: account.id, label: 'bench', expiresAt: null }, new Date())
  return { accountId: account.id, email, password, key: key.key }
}
