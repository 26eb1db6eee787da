/**
 * Reads until `done` says the value is there, or `ms` have passed (then answers the last read):
 * for what a server writes just after the moment a test can observe (a delivery's log row, written
 * once the receiver has answered, lands a moment after the receiver saw the event).
 */
export async function readUntil<T> (read: () => Promise<T>, done: (value: T) => boolean, ms = 5_000): Promise<T> {
  const started = Date.now()
  let value = await read()
  while (!done(value) && Date.now() - started < ms) {
    await new Promise(resolve => setTimeout(resolve, 100))
    value = await read()
  }
  return value
}

/** As `readUntil`, but a value that never comes fails: for a wait whose end is what the test proves. */
export async function readUntilDone<T> (read: () => Promise<T>, done: (value: T) => boolean, ms = 60_000): Promise<T> {
  const value = await readUntil(read, done, ms)
  if (!done(value)) throw new Error(`gave up waiting after ${ms} ms`)
  return value
}
