import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, readdir, rename, rm, rmdir, stat } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'

const execFileAsync = promisify(execFile)

const ROOT = process.cwd()
const PACKAGE = 'keystone-svc-control-plane'
const PACKAGE_DIR = path.join(ROOT, 'packages/control-plane')
const PACK_DIR = path.join(ROOT, 'var/pack')
const SECOND = 1000
const MINUTE = 60 * SECOND

/** The package's own files (tracked or new, not ignored: no dist/, no node_modules/), hashed with their names. */
async function contentKey (): Promise<string> {
  const { stdout } = await execFileAsync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', '.'], { cwd: PACKAGE_DIR, maxBuffer: 64 * 1024 * 1024 })
  const files = stdout.split('\0').filter(Boolean).sort()
  const hash = createHash('sha256')
  for (const file of files) {
    if (!existsSync(path.join(PACKAGE_DIR, file))) continue // deleted in the work tree, still in the index
    hash.update(file).update('\0').update(await readFile(path.join(PACKAGE_DIR, file))).update('\0')
  }
  return hash.digest('hex').slice(0, 16)
}

const pause = (ms: number) => new Promise(resolve => setTimeout(resolve, ms))

/** Packs into a folder of its own, then moves the tarball into place in one step, so no reader sees half of it. */
async function pack (tarball: string, env: NodeJS.ProcessEnv): Promise<void> {
  const scratch = await mkdtemp(path.join(PACK_DIR, 'packing-'))
  try {
    const packed = await execFileAsync('npm', ['pack', '-w', PACKAGE, '--pack-destination', scratch, '--silent'], { cwd: ROOT, env, maxBuffer: 64 * 1024 * 1024 })
    // Tarballs of an earlier content are of no more use.
    for (const old of await readdir(PACK_DIR)) if (old.startsWith(`${PACKAGE}-`) && old.endsWith('.tgz')) await rm(path.join(PACK_DIR, old), { force: true })
    await rename(path.join(scratch, packed.stdout.trim().split('\n').at(-1)!), tarball)
  } finally {
    await rm(scratch, { recursive: true, force: true })
  }
}

/**
 * The package as `npm pack` makes it (its prepack builds dist/), packed once per content: the
 * end-to-end files of one run (and the next run, until the package changes) install the same
 * tarball, `var/pack/keystone-svc-control-plane-<content hash>.tgz`.
 */
export async function packedPackage (env: NodeJS.ProcessEnv): Promise<string> {
  await mkdir(PACK_DIR, { recursive: true })
  const tarball = path.join(PACK_DIR, `${PACKAGE}-${await contentKey()}.tgz`)
  await makeOnce(tarball, () => pack(tarball, env))
  return tarball
}

/**
 * Makes `file` with `make` unless it is there. Jest runs the files in parallel workers, so the
 * first to get here makes it while the others wait on its lock folder.
 */
export async function makeOnce (file: string, make: () => Promise<void>): Promise<void> {
  const lock = `${file}.lock`
  const deadline = Date.now() + 10 * MINUTE
  while (!existsSync(file)) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${lock} to go away`)
    try {
      await mkdir(lock)
    } catch {
      // Another worker makes it; a lock older than the wait was left by a run that died.
      const age = await stat(lock).then(info => Date.now() - info.mtimeMs, () => 0)
      if (age > 10 * MINUTE) await rmdir(lock).catch(() => undefined)
      await pause(2 * SECOND)
      continue
    }
    try {
      if (!existsSync(file)) await make()
    } finally {
      await rmdir(lock)
    }
  }
}
