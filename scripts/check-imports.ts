import { cycles, forbiddenFolderImports, forbiddenPackageImports, importsAcrossResources, importsAgainstTheWings, importGraph, importsLeavingPackage, PACKAGE_ROOT } from './lib/import-graph.ts'

// `npm run check:imports`: the package's import graph has no cycle, no arrow against the order of its wings, none out of the package, none from one resource into another's files, the kernel imports no express, and no door imports platform/auth or platform/audit.
const graph = importGraph(PACKAGE_ROOT)
const problems = [
  ...cycles(graph).map(cycle => `cycle: ${cycle.join(' ')}`),
  ...importsAgainstTheWings(graph).map(arrow => `against the wings: ${arrow}`),
  ...importsAcrossResources(graph).map(arrow => `into another resource: ${arrow}`),
  ...importsLeavingPackage(graph).map(arrow => `leaves the package: ${arrow}`),
  ...forbiddenPackageImports(PACKAGE_ROOT).map(arrow => `forbidden package: ${arrow}`),
  ...forbiddenFolderImports(graph).map(arrow => `forbidden folder: ${arrow}`),
]
for (const problem of problems) console.error(problem)
console.log(problems.length === 0 ? `${graph.size} files in ${PACKAGE_ROOT}: no cycle, none against the wings, none into another resource, none out of the package, no forbidden package or folder` : `${problems.length} problems`)
process.exitCode = problems.length === 0 ? 0 : 1
