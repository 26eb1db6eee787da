import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { resolveDatabase } from '../../src/db/database-url.ts'

const STAMP = '.keystone/svc-build.json'
const INPUTS = ['keystone.ts', 'host', 'schema', 'src', 'examples', 'admin', 'package-lock.json']

function filesUnder (entry: string): string[] {
  if (!existsSync(entry)) return []
  if (!statSync(entry).isDirectory()) return [entry]
  return readdirSync(entry).sort().flatMap(name => filesUnder(path.join(entry, name)))
}

/** What the build depends on: the sources Keystone bundles, the lockfile, and the provider. */
function buildFingerprint (ui: boolean): string {
  const hash = createHash('sha256').update(resolveDatabase().provider).update(ui ? 'ui' : 'no-ui')
  for (const file of INPUTS.flatMap(filesUnder)) hash.update(file).update(readFileSync(file))
  return hash.digest('hex')
}

function readStamp (): { fingerprints?: string[] } {
  try {
    return JSON.parse(readFileSync(STAMP, 'utf8'))
  } catch {
    return {}
  }
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
 * Runs `keystone build` when its inputs changed since the last one. The Prisma CLI would
 * download a native schema engine it only checks for: pointing it at any existing file
 * (node itself) lets `prisma generate`, which needs only WebAssembly, run offline.
 */
export async function ensureBuilt ({ ui }: { ui: boolean }): Promise<void> {
  const fingerprint = buildFingerprint(ui)
  const stamp = readStamp()
  const fullBuild = buildFingerprint(true)
  if (stamp.fingerprints?.includes(fingerprint) || (!ui && stamp.fingerprints?.includes(fullBuild))) return
  console.log(`[svc] building (${ui ? 'with' : 'without'} the Admin UI)…`)
  await runNode([KEYSTONE_CLI, 'build', ...(ui ? [] : ['--no-ui'])], {
    ...process.env,
    PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? process.execPath,
    NEXT_TELEMETRY_DISABLED: '1',
  })
  writeFileSync(STAMP, JSON.stringify({ fingerprints: [fingerprint] }) + '\n')
}
