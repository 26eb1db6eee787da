import { compareProductVersions, FIRST_RELEASE, isProductVersion, PRODUCT_VERSION } from '../../platform/version.ts'

/** The JSON Schema keyword a param or returned field added after the first release carries. */
export const SINCE_KEYWORD = 'x-since'

/** Why `version` cannot be the release that brought something to this build, or null when it can. */
export function releaseProblem (version: string): string | null {
  if (!isProductVersion(version)) return `${JSON.stringify(version)} is not a product version (major.minor.patch, e.g. 1.5.000)`
  if (compareProductVersions(version, FIRST_RELEASE) < 0) return `${version} is before the first release, ${FIRST_RELEASE}`
  if (compareProductVersions(version, PRODUCT_VERSION) > 0) return `${version} is newer than this build, ${PRODUCT_VERSION}`
  return null
}

/**
 * Marks a param or returned field added after the first release with the release that brought
 * it, for zod's `.meta()`: `z.string().optional().meta(addedIn('1.5.000'))`. The manifest's and
 * the OpenAPI document's schemas show it as `x-since`; a field without one came with its operation.
 */
export function addedIn (version: string): { [SINCE_KEYWORD]: string } {
  const problem = releaseProblem(version)
  if (problem) throw new Error(`addedIn: ${problem}`)
  return { [SINCE_KEYWORD]: version }
}
