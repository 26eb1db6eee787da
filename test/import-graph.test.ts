import { describe, expect, test } from '@jest/globals'
import { coreImportsOfResources, cycles, importGraph } from '../scripts/lib/import-graph.ts'

const graph = importGraph(process.cwd())

describe('the import graph of src/', () => {
  test('has no cycle, type-only imports included', () => {
    expect(cycles(graph)).toEqual([])
  })

  test('has no arrow from the core into resources/', () => {
    expect(coreImportsOfResources(graph)).toEqual([])
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
