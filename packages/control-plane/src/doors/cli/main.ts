/**
 * `svc-control-plane`, the package's command line, run in a host's folder (the one with
 * `keystone.ts`): it reads the host's built Keystone config (`.keystone/config.js`, after
 * `keystone build`), its generated Prisma client, its `migrations/` and `DATABASE_URL`.
 *
 *   svc-control-plane migrate
 *   svc-control-plane migrations generate <name>
 *   svc-control-plane create-admin --identity I --password P [--name N] [--promote]
 *   svc-control-plane mint-key --identity I --label L [--expires-in-days D] [--pinned-version V]
 *
 * `--identity` is what accounts sign in by (host.accounts.identityField: an e-mail, a name, …);
 * `--email` stands for it where they sign in by e-mail.
 *   svc-control-plane rotate-encryption-key [--batch-size N]
 */
import { parseArgs } from 'node:util'
import type { DatabaseProvider } from '../../platform/db/database-url.ts'
import { CliError } from './errors.ts'
import { databaseTarget, describeMigration, migrateDatabase } from './migrate.ts'
import { MIGRATION_NAME, type Artifacts } from './generate.ts'

export { CliError } from './errors.ts'
export {  migrateDatabase,  } from './migrate.ts'




export type CliSettings = {
  /** How the usage names the command. @default 'svc-control-plane' */
  program?: string
  /** How the usage names `migrations generate`, when the host wraps it in a script of its own. */
  generateProgram?: string
  /** Lines for stdout and stderr. */
  out?: (line: string) => void
  err?: (line: string) => void
  /** Runs before a command that opens the host (a host building itself first, say). */
  beforeOpen?: () => Promise<void>
  /** The datamodel `migrations generate` diffs; by default Keystone prints it from the built config. */
  datamodel?: (provider: DatabaseProvider) => Promise<string>
}

function usage (program: string, generateProgram = `${program} migrations generate`): string {
  return `usage:
  ${program} migrate
  ${generateProgram} <name in snake_case> [--provider sqlite|postgresql]
  ${program} create-admin --identity I --password P [--name N] [--promote]
  ${program} mint-key --identity I --label L [--expires-in-days D] [--pinned-version V]
  ${program} rotate-encryption-key [--batch-size N]
--identity is what accounts sign in by (an e-mail, a name, …); --email E stands for it where that is an e-mail.`
}

const OPTIONS = {
  identity: { type: 'string' },
  email: { type: 'string' },
  password: { type: 'string' },
  name: { type: 'string' },
  label: { type: 'string' },
  'expires-in-days': { type: 'string' },
  'pinned-version': { type: 'string' },
  promote: { type: 'boolean' },
  provider: { type: 'string' },
  'batch-size': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const

/** The account's sign-in identity, from `--identity` or `--email` (one of them, or both the same). */
function identityArgument (values: { identity?: string | undefined, email?: string | undefined }, usage: string): string {
  const given = [values.identity, values.email].filter((value): value is string => value !== undefined)
  if (given.length === 0 || given.some(value => !value.trim())) throw new CliError(`--identity is required: what the account signs in by (--email where that is an e-mail)\n${usage}`)
  if (given.length === 2 && given[0] !== given[1]) throw new CliError('--identity and --email name two accounts: give one of them')
  return given[0]!
}

/** Runs one command; resolves to the process exit code. Messages go to `out` and `err`, never a stack trace for a known failure. */
export async function main (argv: readonly string[], settings: CliSettings = {}): Promise<number> {
  // The host's folder; migrations/ is resolved from it when the package loads.
  const cwd = process.cwd()
  const program = settings.program ?? 'svc-control-plane'
  const out = settings.out ?? (line => console.log(line))
  const err = settings.err ?? (line => console.error(line))
  const USAGE = usage(program, settings.generateProgram)
  try {
    const parsed = (() => {
      try {
        return parseArgs({ args: [...argv], allowPositionals: true, options: OPTIONS })
      } catch (error) {
        throw new CliError(`${(error as Error).message}\n${USAGE}`)
      }
    })()
    const { positionals, values } = parsed
    const required = (name: 'password' | 'label'): string => {
      const value = values[name]
      if (typeof value !== 'string' || !value.trim()) throw new CliError(`--${name} is required\n${USAGE}`)
      return value
    }
    const [command, ...rest] = positionals
    if (values.help) {
      out(USAGE)
      return 0
    }
    if (command === 'migrate') {
      const target = databaseTarget()
      out(describeMigration(await migrateDatabase(target), target))
      return 0
    }

    if (command === 'migrations' && rest[0] === 'generate') {
      const name = (rest[1] ?? '').trim()
      if (!MIGRATION_NAME.test(name)) throw new CliError(`usage: ${settings.generateProgram ?? `${program} migrations generate`} <name in snake_case>`)
      const { generateMigrations, keystoneDatamodel } = await import('./generate.ts')
      let datamodel = settings.datamodel
      if (!datamodel) {
        await settings.beforeOpen?.()
        const { loadBuiltHost, requireFromHost } = await import('./host.ts')
        const { config } = loadBuiltHost(cwd)
        const artifacts = requireFromHost<Artifacts>(cwd, '@keystone-6/core/___internal-do-not-use-will-break-in-patch/artifacts')
        datamodel = provider => keystoneDatamodel(config, provider, { cwd, artifacts })
      }
      const provider = values.provider
      if (provider !== undefined && provider !== 'sqlite' && provider !== 'postgresql') throw new CliError('--provider must be sqlite or postgresql')
      await generateMigrations(name, datamodel, out, provider ? [provider] : undefined)
      return 0
    }

    if (command === 'rotate-encryption-key') {
      const size = values['batch-size'] ?? '100'
      if (!/^[1-9]\d{0,5}$/.test(size)) throw new CliError('--batch-size must be a whole number from 1')
      await settings.beforeOpen?.()
      const { openHost } = await import('./host.ts')
      const { rotateEncryptionKey } = await import('./rotate-key.ts')
      const host = openHost(cwd)
      try {
        await rotateEncryptionKey(host.context.prisma as object, host.options, Number(size), out)
      } finally {
        await host.close()
      }
      return 0
    }

    if (command !== 'create-admin' && command !== 'mint-key') throw new CliError(USAGE)
    // Validated before anything is built or opened.
    const identity = identityArgument(values, USAGE)
    let mint: { label: string, expiresInDays: number | undefined, pinnedVersion: string | undefined } | null = null
    let admin: { password: string } | null = null
    if (command === 'create-admin') {
      const password = required('password')
      if (password.length < 8) throw new CliError('--password must be at least 8 characters')
      admin = { password }
    } else {
      const label = required('label')
      const days = values['expires-in-days']
      if (days !== undefined && !/^\d+$/.test(days)) throw new CliError('--expires-in-days must be a whole number')
      mint = { label, expiresInDays: days ? Number(days) : undefined, pinnedVersion: values['pinned-version'] }
    }

    await settings.beforeOpen?.()
    await migrateDatabase()
    const { openHost } = await import('./host.ts')
    const host = openHost(cwd)
    try {
      const { identityFieldOf } = await import('./accounts.ts')
      const accounts = host.options.host.accounts
      if (values.email !== undefined && identityFieldOf(accounts) !== accounts.emailField) {
        throw new CliError(`--email: accounts of this site sign in by their ${identityFieldOf(accounts)} (host.accounts.identityField), not an e-mail: give it with --identity`)
      }
      if (admin) {
        const { upsertAdministrator } = await import('./accounts.ts')
        const { account, promotedFrom } = await upsertAdministrator(host.context, accounts, { identity, password: admin.password, name: values.name, promote: values.promote === true })
        const stored = account[identityFieldOf(accounts)]
        const shown = typeof stored === 'string' ? stored : identity
        if (promotedFrom) out(`promoted ${shown} from ${promotedFrom} to administrator`)
        out(`administrator ${shown} is ready`)
      } else if (mint) {
        const { mintKeyFor } = await import('./accounts.ts')
        const { key, warning } = await mintKeyFor(host.context, host.options, { identity, ...mint })
        if (warning) err(warning)
        out(`minted ${key.prefix} ("${key.label}") for ${identity}; it is shown once:`)
        out(key.key)
      }
    } finally {
      await host.close()
    }
    return 0
  } catch (error) {
    if (error instanceof CliError) {
      err(error.message)
      return 1
    }
    throw error
  }
}
