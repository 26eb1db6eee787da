import type { ResolvedOptions } from '../settings/resolved-options.ts'

/** A resource left out because the host lacks a part it requires. */
export type UnavailableModule = { key: string, reason: string }

const unavailable = new WeakMap<ResolvedOptions, readonly UnavailableModule[]>()

/** Recorded once, when the control plane is resolved. */
export function recordUnavailableModules (options: ResolvedOptions, modules: readonly UnavailableModule[]): void {
  unavailable.set(options, modules)
}

/** The modules of this installation that the host cannot carry, with the reason, sorted by key. */
export function unavailableModules (options: ResolvedOptions): readonly UnavailableModule[] {
  return unavailable.get(options) ?? []
}
