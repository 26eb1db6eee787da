import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { createTestDatabase, type TestDatabase } from './database.ts'
import { freePort } from './loopback-peer.ts'
import { startSiteProcess } from './site-process.ts'

export type BuiltServer = {
  url: string
  databaseUrl: string
  admin: { email: string, password: string }
  /** Everything the server printed so far, stdout and stderr. */
  output (): string
  /** The process group of `npm start`: start.ts and the `keystone start` it runs. */
  processGroup: number
  stop (): Promise<void>
}

export type BuiltServerOptions = {
  /** Scheme of SITE_URL; the server itself always listens on plain HTTP. @default 'http' */
  siteScheme?: 'http' | 'https'
  /** Variables set on top of the `npm start` environment; `undefined` removes one. */
  env?: NodeJS.ProcessEnv
}

/**
 * The environment `npm start` gets from a shell: jest's NODE_ENV=test and its ESM loader flags
 * are not part of it, so start.ts picks production itself.
 */
function npmStartEnv (overrides: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { NODE_ENV: _mode, NODE_OPTIONS: _loader, ...inherited } = process.env
  const env: NodeJS.ProcessEnv = { ...inherited, NEXT_TELEMETRY_DISABLED: '1', SVC_VAR_DIR: 'var/test' }
  for (const [name, value] of Object.entries(overrides)) {
    if (value === undefined) delete env[name]
    else env[name] = value
  }
  return env
}

/** `npm start` is `tsx scripts/start.ts`: the same entry point. */
const START = ['--import', 'tsx', 'scripts/start.ts']

/**
 * The site as `npm start` runs it — production mode, the built Admin UI (Next.js) and
 * Keystone's CommonJS bundle, migrations, the first administrator from
 * SVC_ADMIN_EMAIL/SVC_ADMIN_PASSWORD, `keystone start` — on a fresh database and a free
 * loopback port. The build must be current already (ensureBuilt({ ui: true })).
 */
export async function startBuiltServer ({ siteScheme = 'http', env = {} }: BuiltServerOptions = {}): Promise<BuiltServer> {
  const database: TestDatabase = await createTestDatabase()
  const port = await freePort()
  const admin = { email: 'built-admin@example.test', password: `pw-${randomBytes(12).toString('hex')}` }
  const environment = npmStartEnv({
    DATABASE_URL: database.url,
    SITE_URL: `${siteScheme}://127.0.0.1:${port}`,
    SESSION_SECRET: randomBytes(32).toString('base64'),
    SVC_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    SVC_ADMIN_EMAIL: admin.email,
    SVC_ADMIN_PASSWORD: admin.password,
    ...env,
  })
  const site = await startSiteProcess({ what: 'the built server', args: START, env: environment, port, timeoutMs: 180_000 })
    .catch(async (error: unknown) => { await database.drop(); throw error })
  return {
    url: site.url,
    databaseUrl: database.url,
    admin,
    output: site.output,
    // start.ts runs `keystone start` as its own child, in its group.
    processGroup: site.pid,
    stop: async () => {
      await site.stop()
      await database.drop()
    },
  }
}

/** Runs `npm start`'s entry point to its exit, for starts that must refuse. */
export function startUntilExit (env: NodeJS.ProcessEnv): Promise<{ code: number | null, output: string }> {
  const child: ChildProcess = spawn(process.execPath, START, { stdio: ['ignore', 'pipe', 'pipe'], env: npmStartEnv(env) })
  let output = ''
  child.stdout!.on('data', chunk => { output += chunk })
  child.stderr!.on('data', chunk => { output += chunk })
  return new Promise(resolve => child.once('exit', code => resolve({ code, output })))
}
