import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'

/**
 * Keystone's own starter (hosts/starter, as `npm create keystone-app` generates it, wrapped as
 * docs/install.md shows), installed from the registry into a folder of its own outside this
 * repository: `test/starter-host.e2e.test.ts` runs the package in it, `bench/host-cost.ts`
 * measures what the package costs it.
 */
const ROOT = process.cwd()
const MINUTE = 60_000
export const STARTER_TEMPLATE = path.join(ROOT, 'hosts/starter')
export const STARTER_FILES = ['keystone.ts', 'schema.ts', 'auth.ts', 'package.json', 'prisma.config.ts', 'tsconfig.json', 'README.md', '.gitignore']
/** What the starter builds and stores: removed before every run, so each starts from the files as committed. */
const OUTPUTS = ['.keystone', 'generated', 'migrations', 'keystone.db', 'keystone.db-wal', 'keystone.db-shm', 'schema.prisma', 'schema.graphql']

const execFileAsync = promisify(execFile)

/**
 * The starter's folder: under the system's temporary folder, one per checkout, Node ABI (its
 * better-sqlite3 is compiled for the Node that runs it: CI's 26, a developer's 20), lockfile and
 * `purpose`, so its `npm ci` (the registry, better-sqlite3 compiled) runs once and later runs
 * reuse what it installed.
 */
export async function starterFolder (purpose = ''): Promise<string> {
  const lockfile = await readFile(path.join(STARTER_TEMPLATE, 'package-lock.json'))
  const key = createHash('sha256').update(ROOT).update('\0').update(process.versions.modules).update('\0').update(lockfile).update(await readFile(path.join(STARTER_TEMPLATE, 'package.json'))).digest('hex').slice(0, 16)
  const dir = path.join(tmpdir(), `svc-starter-${purpose ? `${purpose}-` : ''}${key}`)
  await mkdir(dir, { recursive: true })
  for (const output of OUTPUTS) await rm(path.join(dir, output), { recursive: true, force: true })
  for (const file of [...STARTER_FILES, 'package-lock.json']) await copyFile(path.join(STARTER_TEMPLATE, file), path.join(dir, file))
  return dir
}

const BETTER_SQLITE3 = 'node_modules/better-sqlite3'
const ADDON = `${BETTER_SQLITE3}/build/Release/better_sqlite3.node`
const lockedIntegrity = async (lockfile: string, entry: string) =>
  (JSON.parse(await readFile(lockfile, 'utf8')) as { packages: Record<string, { integrity?: string } | undefined> }).packages[entry]?.integrity

/**
 * The starter's own dependencies, exactly as its lockfile has them, from the registry, once per
 * folder. Its one native addon, better-sqlite3, is the repository's own build when both
 * lockfiles name the same tarball: the same source compiled by the same Node, which `npm ci`
 * would compile again for minutes. With another version, `npm ci` runs every install script as usual.
 */
async function installStarterDependencies (dir: string, env: NodeJS.ProcessEnv): Promise<void> {
  const stamp = path.join(dir, 'node_modules', '.svc-starter-installed')
  if (existsSync(stamp)) return
  const npmCi = (...flags: string[]) => execFileAsync('npm', ['ci', ...flags, '--no-audit', '--no-fund'], { cwd: dir, env, maxBuffer: 64 * 1024 * 1024, timeout: 25 * MINUTE })
  const [starters, ours] = await Promise.all([lockedIntegrity(path.join(STARTER_TEMPLATE, 'package-lock.json'), BETTER_SQLITE3), lockedIntegrity(path.join(ROOT, 'package-lock.json'), BETTER_SQLITE3)])
  if (!starters || starters !== ours || !existsSync(path.join(ROOT, ADDON))) {
    await npmCi()
  } else {
    await npmCi('--ignore-scripts')
    await mkdir(path.dirname(path.join(dir, ADDON)), { recursive: true })
    await copyFile(path.join(ROOT, ADDON), path.join(dir, ADDON))
  }
  await writeFile(stamp, new Date().toISOString())
}

/** The starter's dependencies, then the packed package as `npm install keystone-svc-control-plane` would add it: its peers must be met by what the starter has. */
export async function installStarter (dir: string, tarball: string, env: NodeJS.ProcessEnv): Promise<void> {
  await installStarterDependencies(dir, env)
  await execFileAsync('npm', ['install', '--no-save', '--no-audit', '--no-fund', tarball], { cwd: dir, env, maxBuffer: 64 * 1024 * 1024, timeout: 10 * MINUTE })
}

/**
 * The starter's `keystone.ts` without the package: the wrap docs/install.md shows taken out again.
 * `options` is the control plane's options block; either is undefined when the file has another shape.
 */
export function unwrapStarterConfig (wrapped: string): { options: string | undefined, unwrapped: string } {
  const options = /\n\n(\/\/ The control plane's options[^\n]*\nexport const controlPlaneOptions: ControlPlaneOptions = \{\n[\s\S]*?\n\})\n/.exec(wrapped)?.[1]
  if (options === undefined) return { options, unwrapped: wrapped }
  const unwrapped = wrapped
    .replace('import { withControlPlane, type ControlPlaneOptions } from \'keystone-svc-control-plane\'\n', '')
    .replace(`\n\n${options}\n`, '\n')
    .replace('config(withControlPlane({', 'config({')
    .replace('\n  }, controlPlaneOptions))\n)', '\n  })\n)')
  return { options, unwrapped }
}
