import { coreImportsOfResources, cycles, importGraph, importsLeavingPackage, PACKAGE_ROOT } from './lib/import-graph.ts'

// `npm run check:imports`: the package's import graph has no cycle, no arrow from the core into src/resources/, and none out of the package.
const graph = importGraph(PACKAGE_ROOT)
const problems = [
  ...cycles(graph).map(cycle => `cycle: ${cycle.join(' ')}`),
  ...coreImportsOfResources(graph).map(arrow => `core imports a resource: ${arrow}`),
  ...importsLeavingPackage(graph).map(arrow => `leaves the package: ${arrow}`),
]
for (const problem of problems) console.error(problem)
console.log(problems.length === 0 ? `${graph.size} files in ${PACKAGE_ROOT}: no cycle, no import from the core into resources/, none out of the package` : `${problems.length} problems`)
process.exitCode = problems.length === 0 ? 0 : 1
