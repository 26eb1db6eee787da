import type { Operation } from './define-operation.ts'

/** The source of truth for operation names: built-ins and host-registered operations alike. */
export class OperationRegistry {
  readonly #byName = new Map<string, Operation>()

  constructor (operations: readonly Operation[]) {
    for (const operation of operations) {
      if (this.#byName.has(operation.name)) throw new Error(`operation ${operation.name} is registered twice`)
      this.#byName.set(operation.name, operation)
    }
  }

  get (resource: string, action: string): Operation | undefined {
    return this.#byName.get(`${resource}.${action}`)
  }

  actionsOf (resource: string): string[] {
    return this.all().filter(operation => operation.resource === resource).map(operation => operation.action)
  }

  /** Every operation, sorted by name. */
  all (): Operation[] {
    return [...this.#byName.values()].sort((a, b) => a.name.localeCompare(b.name))
  }
}
