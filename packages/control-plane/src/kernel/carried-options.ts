import type { ResolvedOptions } from '../platform/settings/resolved-options.ts'

/**
 * Where a Keystone config wrapped by `withControlPlane` carries the control plane's resolved
 * options. A registry symbol (`Symbol.for`) is one key in every copy of this package: the CLI runs
 * its own copy, and the host's built bundle (`.keystone/config.js`) holds another, so a registry
 * kept in a module would not be shared between them, while this key on the config is. Being a
 * symbol, it stays out of `Object.keys` and JSON, so Keystone's own reading of the config never sees it.
 */
const CARRIED_OPTIONS = Symbol.for('keystone-svc-control-plane')

type Carrier = { [CARRIED_OPTIONS]?: ResolvedOptions }

/**
 * The config with the options under the key: on its top level, and on `db`, which Keystone's
 * `config()` copies while it rebuilds the top level.
 */
export function carryControlPlaneOptions<Config extends { db: object }> (config: Config, options: ResolvedOptions): Config {
  const carried: Carrier = { [CARRIED_OPTIONS]: options }
  return { ...config, ...carried, db: { ...config.db, ...carried } }
}

/**
 * The resolved options of the control plane a Keystone config was wrapped with, or null when it
 * was not: what the `svc-control-plane` CLI runs with. Works on the config as `withControlPlane`
 * returns it, as Keystone's `config()` rebuilds it, and as `keystone build` bundles it.
 */
export function controlPlaneOptionsOf (config: unknown): ResolvedOptions | null {
  const top = config as (Carrier & { db?: Carrier }) | null | undefined
  return top?.[CARRIED_OPTIONS] ?? top?.db?.[CARRIED_OPTIONS] ?? null
}
