import { spawn, type ChildProcess } from 'node:child_process'
import { expect } from '@jest/globals'
import request from 'supertest'
import type { ManifestEntry } from '../../packages/control-plane/src/kernel/registry/manifest.ts'
import type { Dispatch, Envelope } from './example-runner.ts'
import { watchKeystoneStart } from './built-server.ts'
import { freePort } from './loopback-peer.ts'
import { BASE } from './client.ts'

/**
 * A Keystone site of its own folder with the packed package installed (hosts/second, the
 * create-keystone-app starter): started with its `keystone start`, called over HTTP.
 */
export type InstalledSite = { url: string, output (): string, stop (): Promise<void> }

const MINUTE = 60_000

/** A shell's environment: no jest loader flags, no NODE_ENV=test, and Prisma's CLI kept offline. */
export function shellEnv (overrides: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const { NODE_OPTIONS: _loader, NODE_ENV: _mode, ...inherited } = process.env
  return {
    ...inherited,
    NEXT_TELEMETRY_DISABLED: '1',
    PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? process.execPath,
    ...overrides,
  }
}

/**
 * `keystone start` (the site's own Keystone, `keystone` its CLI file) in production, on a free
 * loopback port (or `port`, for a site that must keep its address across restarts): with the built
 * Admin UI, or without it (`--no-ui`) for a site built with `--no-ui`.
 */
export async function startInstalledSite (what: string, cwd: string, keystone: string, env: NodeJS.ProcessEnv, { adminUi = true, port: given }: { adminUi?: boolean, port?: number } = {}): Promise<InstalledSite> {
  const port = given ?? await freePort()
  const child: ChildProcess = spawn(process.execPath, [keystone, 'start', ...adminUi ? [] : ['--no-ui']], {
    cwd,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), SITE_URL: `http://127.0.0.1:${port}`, SVC_OUTBOUND_ALLOW: '127.0.0.1' },
  })
  const stop = () => new Promise<void>(resolve => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve()
    child.once('exit', () => resolve())
    process.kill(-child.pid!, 'SIGTERM')
  })
  const started = watchKeystoneStart(child, what, 2 * MINUTE)
  try {
    await started.listening
  } catch (error) {
    await stop()
    throw error
  }
  return { url: `http://127.0.0.1:${port}`, output: started.output, stop }
}

/** Dispatch on a site with an API key. */
export const keyDispatch = (url: string, key: string): Dispatch => async body => {
  const res = await request(url).post(`${BASE}/manage/dispatch`).set('Authorization', `Bearer ${key}`).send(body)
  return { status: res.status, body: res.body as Envelope }
}

export async function manifestOperations (url: string, key: string): Promise<ManifestEntry[]> {
  const manifest = await request(url).get(`${BASE}/manage/manifest`).set('Authorization', `Bearer ${key}`)
  expect(manifest.status).toBe(200)
  return manifest.body.data.operations
}

