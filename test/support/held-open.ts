/** Lets a test hold a handler at a point (a transaction open, say): the handler says it got there, then waits to be let go. */
export class Gate {
  entered!: Promise<void>
  #enter!: () => void
  #release!: () => void
  #released!: Promise<void>

  constructor () { this.reset() }

  reset (): void {
    this.entered = new Promise(resolve => { this.#enter = resolve })
    this.#released = new Promise(resolve => { this.#release = resolve })
  }

  async hold (): Promise<void> {
    this.#enter()
    await this.#released
  }

  release (): void { this.#release() }
}

/** Event-loop turns, not time: a write the site lets through reaches the database within a few of them. */
async function turns (count: number): Promise<void> {
  for (let turn = 0; turn < count; turn++) await new Promise(resolve => setImmediate(resolve))
}

/** `work` started: once it settled, or after some event-loop turns when it waits (for a transaction to end); the test goes on either way. */
export async function started<T> (work: Promise<T>): Promise<{ work: Promise<T> }> {
  await Promise.race([work, turns(500)])
  return { work }
}

/** Starts `call`, runs `meanwhile` once its handler holds at `gate`, then lets it go (even if `meanwhile` throws). */
export async function whileHeld<Called, T> (gate: Gate, call: () => Promise<Called>, meanwhile: () => Promise<T>): Promise<{ called: Called, meanwhile: T }> {
  gate.reset()
  const calling = call()
  await gate.entered
  try {
    const result = await meanwhile()
    gate.release()
    return { meanwhile: result, called: await calling }
  } finally {
    gate.release()
    await calling
  }
}
