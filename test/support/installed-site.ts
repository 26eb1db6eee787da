import { expect } from '@jest/globals'
import request from 'supertest'
import type { ManifestEntry } from '../../packages/control-plane/src/kernel/registry/manifest.ts'
import type { Dispatch, Envelope } from './example-runner.ts'
import { BASE } from './client.ts'
import { freePort } from './loopback-peer.ts'
import { startSiteProcess, type SiteProcess } from './site-process.ts'

/**
 * A Keystone site of its own folder with the packed package installed (hosts/second, the
 * create-keystone-app starter, a release's install for the benches): started with its
 * `keystone start`, called over HTTP.
 */
export type InstalledSite = SiteProcess

export type InstalledSiteOptions = {
  /** Named in errors: `the second host`. */
  what: string
  /** The site's folder. */
  cwd: string
  /** Its Keystone CLI file (`node_modules/@keystone-6/core/bin/cli.js`). */
  keystone: string
  /** Its whole environment (`shellEnv(…)`); production mode and the address are set on top. */
  env: NodeJS.ProcessEnv
  /** Serve the built Admin UI; false (`--no-ui`) for a site built without it. @default true */
  adminUi?: boolean
  /** A port the site keeps across restarts (its SITE_URL with it). @default a free loopback port */
  port?: number
  /** Node's own flags, e.g. `--cpu-prof`. @default [] */
  nodeArgs?: readonly string[]
  /** See `SiteProcessOptions.unwatched`. @default false */
  unwatched?: boolean
}

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
 * `keystone start` (the site's own Keystone) in production, on loopback: the tests' installed
 * hosts, and the benches' sites measured against each other.
 */
export async function startInstalledSite ({ what, cwd, keystone, env, adminUi = true, port: given, nodeArgs = [], unwatched }: InstalledSiteOptions): Promise<InstalledSite> {
  const port = given ?? await freePort()
  return startSiteProcess({
    what,
    cwd,
    args: [...nodeArgs, keystone, 'start', ...adminUi ? [] : ['--no-ui']],
    env: { ...env, NODE_ENV: 'production', SITE_URL: `http://127.0.0.1:${port}`, SVC_OUTBOUND_ALLOW: '127.0.0.1' },
    port,
    unwatched,
  })
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

