// @svc-provider-independent: versions, the release record and the declarations' `since` read no database (runs once, on SQLite).
import { describe, expect, test } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { z } from 'zod'
import { builtinResources } from '../packages/control-plane/src/resources/index.ts'
import { defineOperation } from '../packages/control-plane/src/kernel/registry/define-operation.ts'
import { addedIn, SINCE_KEYWORD } from '../packages/control-plane/src/kernel/registry/since.ts'
import { compareProductVersions, FIRST_RELEASE, PRODUCT_VERSION, productVersionOf } from '../packages/control-plane/src/platform/version.ts'
import { fieldsOf, releaseSurface, type ReleaseSurface } from './support/release-surface.ts'
import { compareVersions, currentVersion, recordedReleases } from './support/release-tarball.ts'

const CHANGELOG = readFileSync('packages/control-plane/CHANGELOG.md', 'utf8')
const operations = builtinResources.flatMap(resource => resource.operations)
/** What release 1.4.0 offered, by operation: its params and top-level returned fields. */
const FIRST: ReleaseSurface = JSON.parse(readFileSync('test/fixtures/surface-1.4.0.json', 'utf8'))

describe('the product version follows the package version', () => {
  test('the contract\'s form: the patch in three digits', () => {
    expect(productVersionOf('1.5.0')).toBe('1.5.000')
    expect(productVersionOf('2.0.17')).toBe('2.0.017')
    expect(() => productVersionOf('1.5')).toThrow('has no product version')
    expect(() => productVersionOf('1.5.1000')).toThrow('has no product version')
  })

  test('PRODUCT_VERSION (Svc-Version, the manifest\'s product_version) is the package.json version changesets wrote', () => {
    expect(PRODUCT_VERSION).toBe(productVersionOf(currentVersion()))
    expect(compareProductVersions(PRODUCT_VERSION, FIRST_RELEASE)).toBeGreaterThan(0)
  })

  test('CHANGELOG.md has an entry for the package version and for every recorded release', () => {
    const entries = [...CHANGELOG.matchAll(/^## (\d+\.\d+\.\d+)$/gm)].map(match => match[1])
    expect(entries[0]).toBe(currentVersion())
    for (const release of recordedReleases()) expect(entries).toContain(release.version)
  })
})

describe('releases.json names the commit of every release', () => {
  test('in order, each commit in this clone, its package.json at the version recorded', () => {
    const releases = recordedReleases()
    expect(releases.map(release => release.version)).toEqual([...releases.map(release => release.version)].sort(compareVersions))
    for (const release of releases) {
      expect(release.commit).toMatch(/^[0-9a-f]{40}$/)
      const manifest = JSON.parse(execFileSync('git', ['show', `${release.commit}:packages/control-plane/package.json`], { encoding: 'utf8' }))
      expect({ release: release.version, at: manifest.version }).toEqual({ release: release.version, at: release.version })
    }
    expect(compareVersions(releases.at(-1)!.version, currentVersion())).toBeLessThanOrEqual(0)
  })
})

describe('since: the release that brought each operation, param and returned field', () => {
  test('everything release 1.4.0 offered is still there (only a major release removes)', () => {
    const now = releaseSurface(operations)
    const missing = Object.entries(FIRST).flatMap(([name, first]) => now[name]
      ? [...first.params.filter(param => !now[name]!.params.includes(param)).map(param => `${name} params.${param}`),
          ...first.returns.filter(field => !now[name]!.returns.includes(field)).map(field => `${name} returns.${field}`)]
      : [name])
    expect(missing).toEqual([])
  })

  test('the operations of 1.4.0 say since 1.4.000; every later one names a later release, no newer than this build', () => {
    for (const operation of operations) {
      if (FIRST[operation.name]) expect({ name: operation.name, since: operation.since }).toEqual({ name: operation.name, since: FIRST_RELEASE })
      else {
        expect({ name: operation.name, later: compareProductVersions(operation.since, FIRST_RELEASE) > 0 }).toEqual({ name: operation.name, later: true })
        expect(compareProductVersions(operation.since, PRODUCT_VERSION)).toBeLessThanOrEqual(0)
      }
    }
  })

  test('a param or returned field added to an operation of 1.4.0 carries x-since, a later release', () => {
    const unmarked = operations.filter(operation => FIRST[operation.name]).flatMap(operation => {
      const first = FIRST[operation.name]!
      return fieldsOf(operation)
        .filter(([field]) => !(field.startsWith('params.') ? first.params : first.returns).includes(field.replace(/^\w+\./, '')))
        .filter(([, schema]) => typeof schema[SINCE_KEYWORD] !== 'string' || compareProductVersions(schema[SINCE_KEYWORD], FIRST_RELEASE) <= 0)
        .map(([field]) => `${operation.name} ${field}`)
    })
    expect(unmarked).toEqual([])
  })

  test('a declaration refuses a since that is not a product version, or is newer than this build', () => {
    const declare = (since: string) => defineOperation({ resource: 'probe', action: 'since', summary: 'Probe.', since, params: z.object({}), returns: z.object({}), handler: async () => ({ data: {}, changed: false }) })
    expect(declare(PRODUCT_VERSION).since).toBe(PRODUCT_VERSION)
    expect(() => declare('1.5')).toThrow('probe.since since: "1.5" is not a product version')
    expect(() => declare('99.0.000')).toThrow(`is newer than this build, ${PRODUCT_VERSION}`)
    expect(() => addedIn('1.3.000')).toThrow('before the first release')
    expect(z.toJSONSchema(z.string().meta(addedIn(PRODUCT_VERSION)))).toMatchObject({ [SINCE_KEYWORD]: PRODUCT_VERSION })
  })
})
