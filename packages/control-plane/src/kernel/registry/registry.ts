import type { Operation } from './define-operation.ts'
import { exampleParamsProblems } from './operation-example.ts'

/** `operation` takes `name` in `claims` (when it gives one); a name taken already stops the start with `clash(other)`. */
function claim (claims: Map<string, Operation>, name: string | undefined, operation: Operation, clash: (other: Operation) => string): void {
  if (name === undefined) return
  const other = claims.get(name)
  if (other) throw new Error(clash(other))
  claims.set(name, operation)
}

/** The source of truth for operation names: built-ins and host-registered operations alike. */
export class OperationRegistry {
  readonly #byName = new Map<string, Operation>()
  /** The operations that chose their MCP tool's name (`mcp.tool`), by that name. */
  readonly #byChosenTool = new Map<string, Operation>()
  /** The operations that are also MCP prompts (`mcp.prompt`), by prompt name. */
  readonly #byPrompt = new Map<string, Operation>()

  constructor (operations: readonly Operation[]) {
    for (const operation of operations) {
      if (this.#byName.has(operation.name)) throw new Error(`operation ${operation.name} is registered twice`)
      this.#byName.set(operation.name, operation)
      const { tool, prompt } = operation.mcp ?? {}
      claim(this.#byChosenTool, tool, operation, other => `operations ${other.name} and ${operation.name} both choose the MCP tool name "${tool}"`)
      claim(this.#byPrompt, prompt?.name, operation, other => `operations ${other.name} and ${operation.name} are both the MCP prompt "${prompt?.name}"`)
    }
    for (const operation of operations) this.#checkExampleSetup(operation)
  }

  /** Setup steps name other operations, so they are checked once all are registered. */
  #checkExampleSetup (operation: Operation): void {
    for (const [index, example] of operation.examples.entries()) {
      for (const step of example.setup ?? []) {
        const called = this.#byName.get(step.operation)
        const problems = called ? exampleParamsProblems(called.params, step.params) : ['no such operation']
        if (problems.length > 0) throw new Error(`${operation.name} example ${index + 1}, setup ${step.operation}: ${problems.join('; ')}`)
      }
    }
  }

  get (resource: string, action: string): Operation | undefined {
    return this.#byName.get(`${resource}.${action}`)
  }

  /** The operation that chose this MCP tool name (`mcp.tool`), if one did. */
  withChosenTool (tool: string): Operation | undefined {
    return this.#byChosenTool.get(tool)
  }

  actionsOf (resource: string): string[] {
    return this.all().filter(operation => operation.resource === resource).map(operation => operation.action)
  }

  /** Every operation, sorted by name. */
  all (): Operation[] {
    return [...this.#byName.values()].sort((a, b) => a.name.localeCompare(b.name))
  }
}
