/**
 * One kind of value a runtime keeps for the code that declares the slot (a cache, a limiter, work
 * under way). The slot is the key; the value lives in the runtime's `RuntimeState`, so two
 * runtimes in one process never share it and it goes away with its runtime.
 */
export type StateSlot<Value> = {
  readonly name: string
  /** Makes the value at its first use; without it, the value must be set (by a resource's `setup`) before it is read. */
  readonly create?: () => Value
}

export const stateSlot = <Value>(name: string, create?: () => Value): StateSlot<Value> => ({ name, create })

/**
 * The values a runtime keeps per slot. The core and the platform declare none of a resource's:
 * each declares its own slots beside the code that reads them.
 */
export class RuntimeState {
  readonly #values = new Map<StateSlot<unknown>, unknown>()

  get<Value> (slot: StateSlot<Value>): Value {
    if (this.#values.has(slot)) return this.#values.get(slot) as Value
    if (!slot.create) throw new Error(`${slot.name} was not set up on this runtime`)
    const value = slot.create()
    this.#values.set(slot, value)
    return value
  }

  set<Value> (slot: StateSlot<Value>, value: Value): void {
    this.#values.set(slot, value)
  }

  /** Forgets every value: a stopped runtime keeps nothing. */
  clear (): void {
    this.#values.clear()
  }
}
