/**
 * `target` with some members replaced; every other property is read from the target, methods
 * bound to it (driver adapters keep private state that a proxy as `this` could not reach).
 */
export function forwarding<T extends object> (target: T, overrides: Partial<T>): T {
  return new Proxy(target, {
    get (object, property) {
      if (Object.hasOwn(overrides, property)) return overrides[property as keyof T]
      const value: unknown = Reflect.get(object, property, object)
      return typeof value === 'function' ? value.bind(object) as unknown : value
    },
  })
}
