import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import type { KeystoneConfig, KeystoneContext } from '@keystone-6/core/types'
import type { ResolvedOptions } from '../../platform/settings/resolved-options.ts'
import type { ControlPlaneOptions } from '../../kernel/options.ts'
import { installationOnConfig } from '../../kernel/installation-on-config.ts'
import { builtinResources } from '../../resources/index.ts'
import { CliError } from './errors.ts'

const BUILT_CONFIG = '.keystone/config.js'
const BUILT_PRISMA = '.keystone/prisma.js'

/** The export of the host's `keystone.ts` that holds the options it passes to `withControlPlane`. */
const OPTIONS_EXPORT = 'controlPlaneOptions'

/** What the host's `keystone.ts` exports, as `keystone build` bundled it. */
type BuiltHost = { config: KeystoneConfig, controlPlaneOptions: ControlPlaneOptions }

/**
 * The host's Keystone config (its default export) and its control-plane options (its
 * `controlPlaneOptions` export) as `keystone build` left them in `.keystone/config.js`, loaded like
 * `keystone start` loads the config.
 */
export function loadBuiltHost (cwd: string): BuiltHost {
  const file = path.resolve(cwd, BUILT_CONFIG)
  if (!existsSync(file)) throw new CliError(`no built Keystone config at ${file}: run \`keystone build\` in the host's folder first`)
  const loaded = createRequire(file)(file) as { default?: KeystoneConfig, [OPTIONS_EXPORT]?: ControlPlaneOptions }
  const options = loaded[OPTIONS_EXPORT]
  if (typeof options !== 'object' || options === null) {
    throw new CliError(`keystone.ts exports no ${OPTIONS_EXPORT}: export the options it passes to withControlPlane ` +
      `(\`export const ${OPTIONS_EXPORT}: ControlPlaneOptions = { … }\`, then \`withControlPlane(config, ${OPTIONS_EXPORT})\`) and run \`keystone build\` again`)
  }
  return { config: (loaded.default ?? loaded) as KeystoneConfig, controlPlaneOptions: options }
}

/**
 * The options the control plane runs with on this host: resolved as `withControlPlane` resolved
 * them, then checked against Keystone's schema as the server does when it mounts (the fields its
 * createAuth signs in by, the posts list as the database has it).
 */
function resolveHostOptions (host: BuiltHost, context: KeystoneContext): ResolvedOptions {
  return installationOnConfig(builtinResources, host.config, host.controlPlaneOptions).checkHost(context.graphql.schema).options
}

/**
 * The host's generated Prisma client module: Keystone's bundle of it (`.keystone/prisma.js`, what
 * `keystone start` loads), else `db.prismaClientPath` when it is JavaScript, else `@prisma/client`.
 */
function loadPrismaModule (cwd: string, config: KeystoneConfig): unknown {
  const bundled = path.resolve(cwd, BUILT_PRISMA)
  if (existsSync(bundled)) return createRequire(bundled)(bundled)
  const require = createRequire(path.resolve(cwd, 'package.json'))
  const clientPath = config.db.prismaClientPath
  if (clientPath) {
    for (const candidate of [path.resolve(cwd, clientPath), path.resolve(cwd, clientPath, 'client')]) {
      try {
        return require(candidate)
      } catch {
        // Not at this candidate: the next one, then @prisma/client.
      }
    }
  }
  try {
    return require('@prisma/client')
  } catch {
    throw new CliError(`cannot load the host's Prisma client (${clientPath ?? '@prisma/client'}): run \`keystone build\` first`)
  }
}

/**
 * Requires a module the way the host's built config does, from its `.keystone/` folder: the
 * config's fields and Keystone's context must be one instance of `@keystone-6/core` (a loader
 * that compiles ES modules for `require`, like tsx, would otherwise make two).
 */
export function requireFromHost<T> (cwd: string, specifier: string): T {
  return createRequire(path.resolve(cwd, BUILT_CONFIG))(specifier) as T
}

/** The host's generated Prisma client, whose models the package's types do not know. */
type HostPrisma = { $disconnect (): Promise<void> }

export type HostSession = {
  config: KeystoneConfig
  options: ResolvedOptions
  /** Keystone's context on the host's database, with the host's hooks and field types (password KDF included). */
  context: KeystoneContext
  close (): Promise<void>
}

/** Opens the host in `cwd`: its built config, the control plane's options and a Keystone context on its database. */
export function openHost (cwd: string): HostSession {
  const host = loadBuiltHost(cwd)
  const { config } = host
  const prismaModule = loadPrismaModule(cwd, config)
  const { getContext } = requireFromHost<typeof import('@keystone-6/core/context')>(cwd, '@keystone-6/core/context')
  const context = getContext(config, prismaModule) as KeystoneContext
  const options = resolveHostOptions(host, context)
  return { config, options, context, close: async () => { await (context.prisma as HostPrisma).$disconnect() } }
}
