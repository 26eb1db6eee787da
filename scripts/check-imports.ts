import { coreImportsOfResources, cycles, importGraph } from './lib/import-graph.ts'

// `npm run check:imports`: the import graph of src/ has no cycle and no arrow from the core into src/resources/.
const graph = importGraph(process.cwd())
const problems = [
  ...cycles(graph).map(cycle => `cycle: ${cycle.join(' ')}`),
  ...coreImportsOfResources(graph).map(arrow => `core imports a resource: ${arrow}`),
]
for (const problem of problems) console.error(problem)
console.log(problems.length === 0 ? `${graph.size} files in src/: no cycle, no import from the core into resources/` : `${problems.length} problems`)
process.exitCode = problems.length === 0 ? 0 : 1
