import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { resolveDatabase } from '../../packages/control-plane/src/platform/db/database-url.ts'

const STAMP = '.keystone/svc-build.json'
const PACKAGE_DIR = 'packages/control-plane'
const INPUTS = ['keystone.ts', 'host', 'schema', `${PACKAGE_DIR}/src`, 'examples', 'package-lock.json']
const ADMIN_UI_INPUTS = ['admin', `${PACKAGE_DIR}/admin`]

function filesUnder (entry: string): string[] {
  if (!existsSync(entry)) return []
  if (!statSync(entry).isDirectory()) return [entry]
  return readdirSync(entry).sort().flatMap(name => filesUnder(path.join(entry, name)))
}

/** What the build depends on: the sources Keystone bundles, the lockfile, and the provider. */
function buildFingerprint (ui: boolean): string {
  const hash = createHash('sha256').update(resolveDatabase().provider).update(ui ? 'ui' : 'no-ui')
  for (const file of [...INPUTS, ...ui ? ADMIN_UI_INPUTS : []].flatMap(filesUnder)) hash.update(file).update(readFileSync(file))
  return hash.digest('hex')
}

function readStamp (): string[] {
  try {
    return (JSON.parse(readFileSync(STAMP, 'utf8')) as { fingerprints?: string[] }).fingerprints ?? []
  } catch {
    return []
  }
}

/** Replaced in one step: another process checking the stamp meanwhile reads the old or the new one. */
function writeStamp (fingerprints: string[]): void {
  writeFileSync(`${STAMP}.tmp`, JSON.stringify({ fingerprints }) + '\n')
  renameSync(`${STAMP}.tmp`, STAMP)
}

export function runNode (args: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: 'inherit', env })
    child.once('error', reject)
    child.once('exit', code => code === 0 ? resolve() : reject(new Error(`${args.join(' ')} exited with ${code}`)))
  })
}

export const KEYSTONE_CLI = 'node_modules/@keystone-6/core/bin/cli.js'

/**
 * Builds the package's `dist/` when its sources changed (it skips itself when current). The host
 * imports the package by name, which resolves to that compiled output: nothing under `host/` may
 * be imported before this has run.
 */
export async function ensurePackageBuilt (): Promise<void> {
  await runNode(['node_modules/tsx/dist/cli.mjs', `${PACKAGE_DIR}/scripts/build.ts`])
}

/**
 * Runs `keystone build` when its inputs changed since the last one. The Prisma CLI would
 * download a native schema engine it only checks for: pointing it at any existing file
 * (node itself) lets `prisma generate`, which needs only WebAssembly, run offline.
 */
export async function ensureBuilt ({ ui }: { ui: boolean }): Promise<void> {
  await ensurePackageBuilt()
  const prismaOnly = buildFingerprint(false)
  const full = buildFingerprint(true)
  const stamp = readStamp()
  if (stamp.includes(ui ? full : prismaOnly) || (!ui && stamp.includes(full))) return
  // When these inputs already have their Prisma client, only the Admin UI is built: the
  // generated client is left alone for anything (a running test) that imports it meanwhile.
  const prismaCurrent = ui && stamp.includes(prismaOnly)
  console.log(`[svc] building (${ui ? prismaCurrent ? 'the Admin UI' : 'with the Admin UI' : 'without the Admin UI'})…`)
  // One build serves both modes, so it runs without the mode `npm run dev` sets: Next.js
  // prerenders the Admin UI only under its own production default ("NextRouter was not mounted"
  // with NODE_ENV=development), and the host's config asks nothing of a mode while it is built.
  const { NODE_ENV: _mode, ...env } = process.env
  await runNode([KEYSTONE_CLI, 'build', ...(ui ? [] : ['--no-ui']), ...(prismaCurrent ? ['--no-prisma'] : [])], {
    ...env,
    PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? process.execPath,
    NEXT_TELEMETRY_DISABLED: '1',
  })
  writeStamp(ui ? [prismaOnly, full] : [prismaOnly])
}
