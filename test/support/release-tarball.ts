import { execFile } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { mkdir, mkdtemp, rename, rm, symlink } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { makeOnce } from './packed-package.ts'

const execFileAsync = promisify(execFile)

const ROOT = process.cwd()
const PACKAGE = 'keystone-svc-control-plane'
const PACKAGE_PATH = 'packages/control-plane'
const RELEASES_DIR = path.join(ROOT, 'var/releases')

/** A release of the package and the commit it was cut from, as releases.json records it. */
export type Release = { version: string, commit: string }

export function recordedReleases (): Release[] {
  return (JSON.parse(readFileSync(path.join(ROOT, 'releases.json'), 'utf8')) as { releases: Release[] }).releases
}

/** The package's version in this work tree. */
export function currentVersion (): string {
  return (JSON.parse(readFileSync(path.join(ROOT, PACKAGE_PATH, 'package.json'), 'utf8')) as { version: string }).version
}

const semverParts = (version: string) => version.split(/[-+]/)[0]!.split('.').map(Number)

/** Orders two package versions (major.minor.patch; nothing here is a prerelease). */
export function compareVersions (a: string, b: string): number {
  const [left, right] = [semverParts(a), semverParts(b)]
  for (let index = 0; index < 3; index++) if (left[index] !== right[index]) return left[index]! - right[index]!
  return 0
}

/** The latest recorded release before the work tree's version: the one a site upgrades from. */
export function previousRelease (): Release {
  const before = recordedReleases().filter(release => compareVersions(release.version, currentVersion()) < 0)
  const latest = before.sort((a, b) => compareVersions(b.version, a.version))[0]
  if (!latest) throw new Error(`releases.json records no release before ${currentVersion()}`)
  return latest
}

/** The release's package tree (`git archive` of its commit), packed as `npm pack` makes it. */
async function packRelease (release: Release, tarball: string, env: NodeJS.ProcessEnv): Promise<void> {
  await execFileAsync('git', ['cat-file', '-e', `${release.commit}^{commit}`], { cwd: ROOT }).catch(() => {
    throw new Error(`release ${release.version}'s commit ${release.commit} is not in this clone (a shallow clone? git fetch --unshallow)`)
  })
  const scratch = await mkdtemp(path.join(RELEASES_DIR, `building-${release.version}-`))
  try {
    await execFileAsync('bash', ['-o', 'pipefail', '-c', `git archive ${release.commit} ${PACKAGE_PATH} | tar -x -C "${scratch}"`], { cwd: ROOT })
    const packageDir = path.join(scratch, PACKAGE_PATH)
    // Its build tools and dependencies from this repository's install: a release of the same major
    // builds with them, and the tree sits under the repository, so the root's node_modules resolve too.
    // (npm nests there what it could not hoist; with nothing nested, the root's are all there is.)
    const nested = path.join(ROOT, PACKAGE_PATH, 'node_modules')
    if (existsSync(nested)) await symlink(nested, path.join(packageDir, 'node_modules'), 'dir')
    const packed = await execFileAsync('npm', ['pack', '--pack-destination', scratch, '--silent'], { cwd: packageDir, env, maxBuffer: 64 * 1024 * 1024 })
    const name = packed.stdout.trim().split('\n').at(-1)!
    if (name !== `${PACKAGE}-${release.version}.tgz`) throw new Error(`commit ${release.commit} packs ${name}, not release ${release.version}`)
    await rename(path.join(scratch, name), tarball)
  } finally {
    await rm(scratch, { recursive: true, force: true })
  }
}

/**
 * The tarball of a recorded release, built from its commit once and kept under var/releases by
 * version and commit, so a run (and every later run on this clone) pays for it once.
 */
export async function releaseTarball (release: Release, env: NodeJS.ProcessEnv): Promise<string> {
  await mkdir(RELEASES_DIR, { recursive: true })
  const tarball = path.join(RELEASES_DIR, `${PACKAGE}-${release.version}-${release.commit.slice(0, 12)}.tgz`)
  await makeOnce(tarball, () => packRelease(release, tarball, env))
  return tarball
}
