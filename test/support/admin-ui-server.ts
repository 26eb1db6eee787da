import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { createServer } from 'node:net'
import { createTestDatabase, type TestDatabase } from './database.ts'

export type AdminUiServer = {
  url: string
  databaseUrl: string
  admin: { email: string, password: string }
  stop (): Promise<void>
}

function freePort (): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')))
    })
  })
}

function stopGroup (child: ChildProcess): Promise<void> {
  return new Promise(resolve => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve()
    child.once('exit', () => resolve())
    // start.ts runs `keystone start` as its own child: the whole process group goes.
    process.kill(-child.pid!, 'SIGTERM')
  })
}

/**
 * The site as `npm start` runs it — built Admin UI (Next.js), migrations, the first
 * administrator from SVC_ADMIN_EMAIL/SVC_ADMIN_PASSWORD, `keystone start` — on a fresh database
 * and a free loopback port. The Admin UI must be built already (ensureBuilt({ ui: true })).
 */
export async function startAdminUiServer (): Promise<AdminUiServer> {
  const database: TestDatabase = await createTestDatabase()
  const port = await freePort()
  const admin = { email: 'e2e-admin@example.test', password: `pw-${randomBytes(12).toString('hex')}` }
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      NEXT_TELEMETRY_DISABLED: '1',
      DATABASE_URL: database.url,
      HOST: '127.0.0.1',
      PORT: String(port),
      SITE_URL: `http://127.0.0.1:${port}`,
      SESSION_SECRET: randomBytes(32).toString('base64'),
      SVC_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      SVC_VAR_DIR: 'var/test',
      SVC_ADMIN_EMAIL: admin.email,
      SVC_ADMIN_PASSWORD: admin.password,
    },
  })
  let output = ''
  const stop = async () => {
    await stopGroup(child)
    await database.drop()
  }
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the Admin UI server did not start:\n${output}`)), 180_000)
      const collect = (chunk: Buffer) => {
        output += chunk
        if (!/Server listening on/.test(output)) return
        clearTimeout(timer)
        resolve()
      }
      child.stdout!.on('data', collect)
      child.stderr!.on('data', collect)
      child.once('exit', code => { clearTimeout(timer); reject(new Error(`the Admin UI server exited with ${code}:\n${output}`)) })
    })
  } catch (error) {
    await stop()
    throw error
  }
  return { url: `http://127.0.0.1:${port}`, databaseUrl: database.url, admin, stop }
}
