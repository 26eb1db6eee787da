// @svc-provider-independent: the package's import graph, no database (runs once, on SQLite).
import { describe, expect, test } from '@jest/globals'
import { coreImportsOfResources, cycles, importGraph, importsLeavingPackage, PACKAGE_ROOT } from '../scripts/lib/import-graph.ts'

const graph = importGraph(PACKAGE_ROOT)

describe('the import graph of the control-plane package', () => {
  test('has no cycle, type-only imports included', () => {
    expect(cycles(graph)).toEqual([])
  })

  test('has no arrow from the core into resources/', () => {
    expect(coreImportsOfResources(graph)).toEqual([])
  })

  test('never leaves the package: nothing imports the demo host (schema/, host/, admin/) or its generated client', () => {
    expect(importsLeavingPackage(graph)).toEqual([])
    expect(graph.size).toBeGreaterThan(300)
  })

  test('the checks see an import out of the package when there is one', () => {
    const leaking = new Map([['src/auth/capabilities.ts', ['../schema/roles.ts']]])
    expect(importsLeavingPackage(leaking)).toEqual(['src/auth/capabilities.ts -> ../schema/roles.ts'])
  })

  test('the checks see a cycle and a core import when there is one', () => {
    const broken = new Map([
      ['src/registry/a.ts', ['src/resources/x/b.ts']],
      ['src/resources/x/b.ts', ['src/registry/a.ts']],
    ])
    expect(cycles(broken)).toEqual([['src/registry/a.ts', 'src/resources/x/b.ts']])
    expect(coreImportsOfResources(broken)).toEqual(['src/registry/a.ts -> src/resources/x/b.ts'])
  })
})
