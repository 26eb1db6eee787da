/**
 * A transaction's client that a handler can also open transactions on: each runs in this one,
 * so a call whose handler commits several times (or writes outside any transaction) still runs
 * whole inside the transaction a preview rolls back.
 */
export function singleTransaction<Client extends object> (tx: Client): Client {
  const client: Client = new Proxy(tx, {
    get (target, property, receiver) {
      if (property === '$transaction') {
        return (work: unknown) => typeof work === 'function'
          ? (work as (tx: Client) => Promise<unknown>)(client)
          : Promise.all(work as Array<Promise<unknown>>)
      }
      const value: unknown = Reflect.get(target, property, receiver)
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value
    },
    has: (target, property) => property === '$transaction' || Reflect.has(target, property),
  })
  return client
}
