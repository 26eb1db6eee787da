import { afterAll, beforeAll } from '@jest/globals'
import type request from 'supertest'
import { randomBytes } from 'node:crypto'
import { getContext } from '@keystone-6/core/context'
import { createExpressServer } from '@keystone-6/core/___internal-do-not-use-will-break-in-patch/artifacts'
import type { Express } from 'express'
import type { Server as HttpServer } from 'node:http'
import * as PrismaModule from '../../generated/prisma/client.ts'
import { createHostConfig, type HostSettings } from '../../host/config.ts'
import type { ControlPlaneOptions } from '../../packages/control-plane/src/index.ts'
import { resolveDatabase } from '../../packages/control-plane/src/platform/db/database-url.ts'
import { createTestDatabase } from './database.ts'
import { prismaClientOf, pushDatamodel } from './id-kind-client.ts'
import { migrate } from '../../packages/control-plane/src/platform/db/migrate.ts'
import type { HostRole } from '../../schema/roles.ts'
import { createAccount, type TestAccount } from './accounts.ts'
import { dispatcher, type DispatchBody } from './client.ts'
import { resourceCaller } from './operations.ts'
import { freePort, outlastClientKeepAlive } from './loopback-peer.ts'
import { controlPlaneRuntimeOf } from '../../packages/control-plane/src/doors/http/mount.ts'
import type { ControlPlaneRuntime } from '../../packages/control-plane/src/kernel/runtime.ts'
import type { Db } from '../../packages/control-plane/src/platform/db/client.ts'
import type { ListWrites } from '../../packages/control-plane/src/platform/db/write-observer.ts'
import { forwarding } from '../../packages/control-plane/src/platform/db/forwarding.ts'
import type { IsolationLevel, SqlDriverAdapter, SqlDriverAdapterFactory, SqlQuery } from '@prisma/driver-adapter-utils'

/** The host's client: its own lists (typed by its generated client) and the plugin's (typed by the package's). */
export type HostDb = PrismaModule.PrismaClient & Db

/** The host's lists alone, typed by the host's client (where both clients know a list, the intersection would pick the package's shape). */
export const hostClient = (db: HostDb): PrismaModule.PrismaClient => db

export type InProcessServer = {
  app: Express
  db: HostDb
  runtime: ControlPlaneRuntime
  databaseUrl: string
  encryptionKey: string
  /** Where it listens, with `listen: true`; null when it is called in process only (supertest on `app`). */
  origin: string | null
  close (): Promise<void>
}

/** A server started with `listen: true`. */
export type ListeningServer = InProcessServer & { origin: string }

type HostOptions = Pick<HostSettings, 'signInLimits' | 'signInWait' | 'idField'> & {
  /** Told of every statement the host's Prisma client runs against its tables: what a test counts writes with. */
  writes?: ListWrites
  /**
   * Given every statement the host's Prisma client runs, in order: its queries (the host's and the
   * package's through the client) and its raw SQL, not the statements the package writes by hand,
   * which run on the driver adapter beneath.
   */
  clientStatements?: string[]
  /** Around the host's `extendExpressApp` (its own layers, then the control plane's): what a test adds to the app before and after them. */
  aroundExpressApp?: (app: Express, extend: () => Promise<void>) => Promise<void>
}

export type TestServerOptions = {
  /** The control plane's options, over the suite's: no environment, no pruning, loopback peers allowed. */
  controlPlane?: ControlPlaneOptions
  /** The host's own settings: sign-in limits, the accounts' and posts' id kind, a write observer. */
  host?: HostOptions
  /**
   * A second instance on this server's SQLite file or PostgreSQL database, as a second process
   * would be (same encryption key); the database stays the first's, so close this one first.
   * @default a fresh, migrated database of its own
   */
  sharedWith?: InProcessServer
  /**
   * Listen on loopback at the address its `siteUrl` names: OAuth's issuer and resource URLs are
   * absolute, so they must be the ones the client calls. @default false (called in process)
   */
  listen?: boolean
}

/**
 * The real host in this process on a fresh, migrated database of the suite's provider (or another
 * server's): Keystone's own express server (GraphQL, session, the control plane), configured as
 * from the environment. Only the Next.js Admin UI is left out. Most files want `useTestServer`,
 * which starts one for the file.
 */
export function startTestServer (options: TestServerOptions & { listen: true }): Promise<ListeningServer>
export function startTestServer (options?: TestServerOptions): Promise<InProcessServer>
export async function startTestServer ({ controlPlane = {}, host = {}, sharedWith, listen = false }: TestServerOptions = {}): Promise<InProcessServer> {
  if (!listen) return startHost(controlPlane, sharedWith, host, null)
  const port = await freePort()
  const origin = `http://127.0.0.1:${port}`
  const server = await startHost({ ...controlPlane, http: { ...controlPlane.http, siteUrl: origin } }, sharedWith, host, origin)
  const listening: HttpServer = await new Promise(resolve => { const s = outlastClientKeepAlive(server.app.listen(port, '127.0.0.1', () => resolve(s))) })
  return {
    ...server,
    async close () {
      listening.closeAllConnections()
      await new Promise(resolve => listening.close(resolve))
      await server.close()
    },
  }
}

async function startHost (controlPlane: ControlPlaneOptions, sharedWith: InProcessServer | undefined, host: HostOptions, origin: string | null): Promise<InProcessServer> {
  const database = sharedWith ? null : await createTestDatabase()
  const databaseUrl = sharedWith?.databaseUrl ?? database!.url
  const encryptionKey = sharedWith?.encryptionKey ?? randomBytes(32).toString('hex')
  const config = createHostConfig({
    databaseUrl,
    sessionSecret: randomBytes(32).toString('base64'),
    // No growing wait between sign-in attempts unless a test asks: files that exhaust a limit would take seconds per account.
    signInLimits: host.signInLimits ?? { delayBaseMs: 0 },
    signInWait: host.signInWait,
    idField: host.idField,
    controlPlane: {
      // The developer's environment stays out of the suite: every setting is its default or the test's own.
      env: {},
      varDir: 'var/test',
      // A prune is started by the tests that are about it (runtime.retention.runOnce()).
      retention: { intervalMinutes: 0 },
      ...controlPlane,
      security: {
        encryptionKey,
        // The suite's other systems are loopback peers (test/support/loopback-peer.ts).
        outboundAllow: ['127.0.0.1'],
        ...controlPlane.security,
      },
    },
  })
  if (host.writes) observeWrites(config, host.writes)
  if (host.clientStatements) recordClientStatements(config, host.clientStatements)
  if (host.aroundExpressApp) wrapExpressApp(config, host.aroundExpressApp)
  const target = resolveDatabase(databaseUrl)
  // Another id kind for accounts and posts is another datamodel: its own client and tables.
  const client = host.idField ? await prismaClientOf(config, target) : null
  if (!sharedWith) await (client ? pushDatamodel(target, client.datamodel) : migrate(target))
  const context = getContext(config, client?.module ?? PrismaModule)
  await config.db.onConnect?.(context)
  const { expressServer } = await createExpressServer(config, context)
  const runtime = controlPlaneRuntimeOf(expressServer)!
  return {
    app: expressServer,
    db: context.prisma as HostDb,
    runtime,
    databaseUrl,
    encryptionKey,
    origin,
    async close () {
      await runtime.stop()
      await context.prisma.$disconnect()
      await database?.drop()
    },
  }
}

/** The host's driver adapter, observed so its writes to `writes`' tables are reported there (outside the plugin's own observer). */
function observeWrites (config: ReturnType<typeof createHostConfig>, writes: ListWrites): void {
  const { prismaClientOptions } = config.db
  config.db.prismaClientOptions = () => {
    const options = prismaClientOptions()
    return { ...options, adapter: writes.observe(options.adapter) }
  }
}

/**
 * The host's driver adapter as its Prisma client is given it, recording each statement the client
 * runs on it (in a transaction too). The package keeps the adapter beneath (it captured the
 * factory first), so its own statements are not recorded.
 */
function recordClientStatements (config: ReturnType<typeof createHostConfig>, statements: string[]): void {
  const { prismaClientOptions } = config.db
  const recording = <Runner extends Pick<SqlDriverAdapter, 'queryRaw' | 'executeRaw'>>(runner: Runner, more: Partial<Runner> = {}): Runner => forwarding(runner, {
    queryRaw: (query: SqlQuery) => { statements.push(query.sql); return runner.queryRaw(query) },
    executeRaw: (query: SqlQuery) => { statements.push(query.sql); return runner.executeRaw(query) },
    ...more,
  })
  config.db.prismaClientOptions = () => {
    const options = prismaClientOptions()
    const factory = options.adapter as SqlDriverAdapterFactory
    return {
      ...options,
      adapter: forwarding(factory, {
        connect: async () => {
          const adapter = await factory.connect()
          return recording(adapter, { startTransaction: async (isolation?: IsolationLevel) => recording(await adapter.startTransaction(isolation)) })
        },
      }),
    }
  }
}

function wrapExpressApp (config: ReturnType<typeof createHostConfig>, around: NonNullable<HostOptions['aroundExpressApp']>): void {
  const extend = config.server.extendExpressApp
  config.server.extendExpressApp = (app, context) => around(app, async () => { await extend(app, context) })
}

/** Calls one resource's operations: `crm('create', {name})`, `crm('delete', {crm_num}, true)`. */
type ResourceCaller = ReturnType<typeof resourceCaller>

/** An account with a key, and a dispatcher acting as it. */
export type ActingAccount = TestAccount & { dispatch: (body: DispatchBody) => Promise<request.Response> }

export type UsedTestServer = {
  readonly server: InProcessServer
  /** The server's administrator, with an API key. */
  readonly admin: TestAccount
  /** Dispatches as the administrator. */
  dispatch: (body: DispatchBody) => Promise<request.Response>
  /** A caller for one resource's operations, as the administrator. */
  caller: (resource: string) => ResourceCaller
  /** A new account of the role, with a key, and a dispatcher acting as it. */
  account: (role: HostRole) => Promise<ActingAccount>
}

/**
 * One real server for the test file (or the describe block it is called in): started before its
 * tests with the given options, with an administrator and their key, and closed after them. Read
 * its parts inside tests and hooks. Options that name something the file starts itself (an SMTP
 * server, a loopback peer) are given as a function, called when the server starts: after the
 * `beforeAll` hooks declared before `useTestServer`.
 */
export function useTestServer (options: ControlPlaneOptions | (() => ControlPlaneOptions) = {}): UsedTestServer {
  let started: { server: InProcessServer, admin: TestAccount, dispatch: (body: DispatchBody) => Promise<request.Response> } | undefined
  const current = () => {
    if (!started) throw new Error('the test server starts in beforeAll: use it inside tests and hooks')
    return started
  }
  beforeAll(async () => {
    const server = await startTestServer({ controlPlane: typeof options === 'function' ? options() : options })
    const admin = await createAccount(server.db)
    started = { server, admin, dispatch: dispatcher(server.app, admin.key) }
  })
  afterAll(async () => { await started?.server.close() })
  return {
    get server () { return current().server },
    get admin () { return current().admin },
    dispatch: body => current().dispatch(body),
    caller: resource => resourceCaller(body => current().dispatch(body), resource),
    account: async role => {
      const account = await createAccount(current().server.db, role)
      return { ...account, dispatch: dispatcher(current().server.app, account.key) }
    },
  }
}
