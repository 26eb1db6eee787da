// @svc-provider-independent: the package's import graph, no database (runs once, on SQLite).
import { describe, expect, test } from '@jest/globals'
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { cycles, forbiddenFolderImports, forbiddenPackageImports, importGraph, importsAcrossResources, importsAgainstTheWings, importsLeavingPackage, PACKAGE_ROOT } from '../scripts/lib/import-graph.ts'

const graph = importGraph(PACKAGE_ROOT)

describe('the import graph of the control-plane package', () => {
  test('has no cycle, type-only imports included', () => {
    expect(cycles(graph)).toEqual([])
  })

  test('imports run one way between the wings: doors → kernel → platform, resources → kernel and platform', () => {
    expect(importsAgainstTheWings(graph)).toEqual([])
  })

  test('a resource imports no other resource\'s files: they reach each other through hooks', () => {
    expect(importsAcrossResources(graph)).toEqual([])
  })

  test('the check sees a resource importing another\'s file, and lets the list of resources and the kernel be', () => {
    const reaching = new Map([
      [path.join('src', 'resources', 'pipelines', 'engine', 'a.ts'), [path.join('src', 'resources', 'content-sources', 'provenance.ts'), path.join('src', 'resources', 'pipelines', 'b.ts'), path.join('src', 'kernel', 'hooks', 'post-provenance.ts')]],
      [path.join('src', 'resources', 'index.ts'), [path.join('src', 'resources', 'crm', 'index.ts')]],
      [path.join('src', 'kernel', 'c.ts'), [path.join('src', 'resources', 'crm', 'index.ts')]],
    ])
    expect(importsAcrossResources(reaching)).toEqual([
      `${path.join('src', 'resources', 'pipelines', 'engine', 'a.ts')} -> ${path.join('src', 'resources', 'content-sources', 'provenance.ts')}`,
    ])
  })

  test('the kernel speaks no protocol: nothing under kernel/ imports express', () => {
    expect(forbiddenPackageImports(PACKAGE_ROOT)).toEqual([])
  })

  test('the check sees a forbidden package when a file imports it, type-only or by a subpath', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'forbidden-imports-'))
    mkdirSync(path.join(root, 'src', 'kernel', 'pipeline'), { recursive: true })
    writeFileSync(path.join(root, 'src', 'kernel', 'pipeline', 'a.ts'), "import type { Request } from 'express'\n")
    writeFileSync(path.join(root, 'src', 'kernel', 'b.ts'), "import { json } from 'express/lib/x'\nimport { z } from 'zod'\n")
    try {
      expect(forbiddenPackageImports(root).sort()).toEqual([
        `${path.join('src', 'kernel', 'b.ts')} -> express/lib/x`,
        `${path.join('src', 'kernel', 'pipeline', 'a.ts')} -> express`,
      ])
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  })

  test('access is the kernel\'s: nothing under doors/ imports platform/auth or platform/audit', () => {
    expect(forbiddenFolderImports(graph)).toEqual([])
  })

  test('the check sees a door importing platform/auth or platform/audit, and lets the kernel and other platform folders be', () => {
    const reaching = new Map([
      [path.join('src', 'doors', 'mcp', 'a.ts'), [path.join('src', 'platform', 'auth', 'identity.ts'), path.join('src', 'platform', 'errors', 'errors.ts')]],
      [path.join('src', 'doors', 'http', 'b.ts'), [path.join('src', 'platform', 'audit', 'audit-outside-operation.ts'), path.join('src', 'kernel', 'access', 'door-auth.ts')]],
      [path.join('src', 'kernel', 'access', 'door-auth.ts'), [path.join('src', 'platform', 'auth', 'identity.ts')]],
      [path.join('src', 'doors', 'c.ts'), [path.join('src', 'platform', 'authority.ts')]],
    ])
    expect(forbiddenFolderImports(reaching)).toEqual([
      `${path.join('src', 'doors', 'mcp', 'a.ts')} -> ${path.join('src', 'platform', 'auth', 'identity.ts')}`,
      `${path.join('src', 'doors', 'http', 'b.ts')} -> ${path.join('src', 'platform', 'audit', 'audit-outside-operation.ts')}`,
    ])
  })

  test('shows its architecture at the top of src/: the four wings and the two entries', () => {
    expect(readdirSync(path.join(PACKAGE_ROOT, 'src')).sort()).toEqual(['database.ts', 'doors', 'index.ts', 'kernel', 'platform', 'resources'])
  })

  test('never leaves the package: nothing imports the demo host (schema/, host/, admin/) or its generated client', () => {
    expect(importsLeavingPackage(graph)).toEqual([])
    expect(graph.size).toBeGreaterThan(300)
  })

  test('the checks see an import out of the package when there is one', () => {
    const leaking = new Map([['src/platform/auth/capabilities.ts', ['../schema/roles.ts']]])
    expect(importsLeavingPackage(leaking)).toEqual(['src/platform/auth/capabilities.ts -> ../schema/roles.ts'])
  })

  test('the checks see a cycle and an import against the wings when there is one', () => {
    const broken = new Map([
      ['src/kernel/a.ts', ['src/resources/x/b.ts']],
      ['src/resources/x/b.ts', ['src/kernel/a.ts']],
      ['src/platform/c.ts', ['src/doors/d.ts']],
      ['src/doors/cli/e.ts', ['src/resources/x/b.ts']],
    ])
    expect(cycles(broken)).toEqual([['src/kernel/a.ts', 'src/resources/x/b.ts']])
    expect(importsAgainstTheWings(broken)).toEqual(['src/kernel/a.ts -> src/resources/x/b.ts', 'src/platform/c.ts -> src/doors/d.ts'])
  })
})
