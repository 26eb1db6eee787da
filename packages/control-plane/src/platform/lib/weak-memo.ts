/** Builds a value once per key object and keeps it while the key lives. */
export function weakMemo<Key extends object, Value> (build: (key: Key) => Value): (key: Key) => Value {
  const cache = new WeakMap<Key, Value>()
  return key => {
    if (cache.has(key)) return cache.get(key)!
    const value = build(key)
    cache.set(key, value)
    return value
  }
}
