import type { Hook, ProvidedHook } from './define-hook.ts'

/** The services the installed resources provide each other (`provides`), asked for by hook. */
export type Hooks = {
  /** The service an installed resource provides for `hook`; undefined when none does. */
  get: <Service>(hook: Hook<Service>) => Service | undefined
}

/** One table of every resource's `provides`; a hook two resources provide stops the start, naming both. */
export function hooksOf (resources: readonly { name: string, provides: readonly ProvidedHook[] }[]): Hooks {
  const services = new Map<string, { provider: string, service: unknown }>()
  for (const resource of resources) {
    for (const { hook, service } of resource.provides) {
      const taken = services.get(hook.name)
      if (taken) throw new Error(`the hook ${hook.name} is provided by both ${taken.provider} and ${resource.name}`)
      services.set(hook.name, { provider: resource.name, service })
    }
  }
  return { get: <Service>(hook: Hook<Service>) => services.get(hook.name)?.service as Service | undefined }
}
