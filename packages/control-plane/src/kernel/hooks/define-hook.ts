/**
 * A service one resource offers the others by name — where a post came from, what runs after a
 * post was delivered — typed by its declaration under `kernel/hooks/`, so the resource that asks
 * and the one that provides never import each other's files. The provider lists it in its
 * `provides` (`provide(hook, service)`); the others read it with `hooks.get(hook)`, which answers
 * undefined where no installed resource provides it (a host without posts has no content sources).
 */
export type Hook<Service> = {
  readonly name: string
  /** Never set: carries the service's type from the declaration to `provide` and `hooks.get`. */
  readonly service?: Service
}

export const defineHook = <Service>(name: string): Hook<Service> => ({ name })

/** A hook with the service a resource provides for it. */
export type ProvidedHook = { readonly hook: Hook<unknown>, readonly service: unknown }

export const provide = <Service>(hook: Hook<Service>, service: Service): ProvidedHook => ({ hook, service })
