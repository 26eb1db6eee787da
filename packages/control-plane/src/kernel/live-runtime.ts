import type { ControlPlaneRuntime } from './runtime.ts'

/**
 * The runtime of an installation once the server has mounted it. Keystone's list hooks are built
 * with the config, before any runtime exists, and are handed only Keystone's context when they
 * run; a resource's additions to the host's lists reach the runtime through this instead.
 */
export class LiveRuntime {
  #current: ControlPlaneRuntime | null = null

  /** The mounted runtime, or null before the server mounted it (a script on the Keystone context alone) and after it stopped. */
  get current (): ControlPlaneRuntime | null {
    return this.#current
  }

  attach (runtime: ControlPlaneRuntime): void {
    this.#current = runtime
  }

  detach (runtime: ControlPlaneRuntime): void {
    if (this.#current === runtime) this.#current = null
  }
}
