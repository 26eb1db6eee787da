import { readFileSync } from 'node:fs'
import { packageManifestFile } from './lib/installed-package.ts'

/** The installed package's own version, as changesets wrote it into its package.json. */
function installedPackageVersion (): string {
  const { version } = JSON.parse(readFileSync(packageManifestFile(), 'utf8')) as { version: string }
  return version
}

const SEMVER = /^(\d+)\.(\d+)\.(\d+)(?:[-+].*)?$/
const PRODUCT_VERSION_FORM = /^(\d+)\.(\d+)\.(\d{3})$/

/** The contract's form of a package version: `1.5.0` → `1.5.000` (the patch in three digits). */
export function productVersionOf (packageVersion: string): string {
  const parts = SEMVER.exec(packageVersion)
  if (!parts || Number(parts[3]) > 999) throw new Error(`package version ${packageVersion} has no product version (major.minor.patch, patch below 1000)`)
  return `${parts[1]}.${parts[2]}.${parts[3]!.padStart(3, '0')}`
}

/** Whether `text` is a product version in the contract's form (`1.5.000`). */
export function isProductVersion (text: string): boolean {
  return PRODUCT_VERSION_FORM.test(text)
}

/** Orders two product versions: negative when `a` came first, 0 when they are the same release. */
export function compareProductVersions (a: string, b: string): number {
  const parse = (version: string) => {
    const parts = PRODUCT_VERSION_FORM.exec(version)
    if (!parts) throw new Error(`${version} is not a product version (major.minor.patch, e.g. 1.5.000)`)
    return parts.slice(1).map(Number)
  }
  const [left, right] = [parse(a), parse(b)]
  for (let index = 0; index < 3; index++) {
    if (left[index] !== right[index]) return left[index]! - right[index]!
  }
  return 0
}

/** The package version this build is (its package.json, which `changeset version` bumps). */
const PACKAGE_VERSION = installedPackageVersion()

/** The product version this build of the control plane reports (manifest, `Svc-Version`), the package's in the contract's form. */
export const PRODUCT_VERSION = productVersionOf(PACKAGE_VERSION)

/**
 * The first release (1.4.0, CHANGELOG.md): every operation, param and returned field declared
 * without a `since` came with it. Whatever is added later names the release that brings it.
 */
export const FIRST_RELEASE = '1.4.000'

/**
 * Why a caller's pin (`Svc-Version: 1.5.000`) cannot be served by this build, or null when it
 * can: a pin is served by any installed release of the same major that is not older than it,
 * since a minor release only adds.
 */
export function pinProblem (pinned: string, installed = PRODUCT_VERSION): string | null {
  if (!isProductVersion(pinned)) return 'a pin is a product version, major.minor.patch with three digits of patch (1.5.000)'
  if (compareProductVersions(pinned, installed) > 0) return 'it is newer than the installed version'
  if (pinned.split('.')[0] !== installed.split('.')[0]) return 'a major release may remove what an earlier major had'
  return null
}

/** The namespace under the host's REST root; part of every path. */
export const NAMESPACE = 'svc/v1'
