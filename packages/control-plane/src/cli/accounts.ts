import type { KeystoneContext } from '@keystone-6/core/types'
import type { ResolvedOptions } from '../options.ts'
import type { Db } from '../db/client.ts'
import { roleHasCapability } from '../auth/capabilities.ts'
import { issueApiKey } from '../resources/api-keys/issue-key.ts'
import { CliError } from './errors.ts'

type AccountItem = Record<string, unknown> & { id: unknown }

/** What the CLI needs of the host's accounts: the list, its fields, and how a role is read and granted. */
export type CliAccounts = {
  list: string
  emailField: string
  nameField: string
  passwordField: string
  roleOf: (account: AccountItem) => string | null
  administratorData: Record<string, unknown>
}

/** Read loosely: `host.accounts` gains role and password settings of its own; these are the defaults of a `User` list with a `role` select. */
type AccountSettings = Partial<Omit<CliAccounts, 'roleOf'>> & { roleOf?: (account: never) => unknown }

export function cliAccounts (options: ResolvedOptions): CliAccounts {
  const accounts = options.host.accounts as unknown as AccountSettings
  const roleOf = accounts.roleOf as ((account: AccountItem) => unknown) | undefined
  return {
    list: accounts.list ?? 'User',
    emailField: accounts.emailField ?? 'email',
    nameField: accounts.nameField ?? 'name',
    passwordField: accounts.passwordField ?? 'password',
    roleOf: account => {
      const role = roleOf ? roleOf(account) : account.role
      return typeof role === 'string' && role ? role : null
    },
    administratorData: accounts.administratorData ?? { role: 'administrator' },
  }
}

const ADMINISTRATOR = 'administrator'

/** The e-mail belongs to an account that is not an administrator, and promoting it was not asked for. */
export class PromotionRefused extends CliError {
  constructor (email: string, role: string | null) {
    super(`${email} belongs to an existing ${role ?? 'non-administrator'} account; nothing was changed. Any account can set its own e-mail, ` +
      'so it is promoted only when asked: run again with --promote to make it an administrator (its password is replaced too).')
    this.name = 'PromotionRefused'
  }
}

function listOf (context: KeystoneContext, accounts: CliAccounts) {
  const list = (context.sudo().db as Record<string, KeystoneContext['db'][string]>)[accounts.list]
  if (!list) throw new CliError(`the host has no list ${accounts.list} (host.accounts.list)`)
  return list
}

export async function findAccount (context: KeystoneContext, accounts: CliAccounts, email: string): Promise<AccountItem | null> {
  return await listOf(context, accounts).findOne({ where: { [accounts.emailField]: email } }) as AccountItem | null
}

export type AdministratorInput = { email: string, password: string, name?: string | undefined, promote?: boolean }

/**
 * Creates the administrator, or resets an existing administrator's password, through Keystone's
 * own write path (the host's hooks and its password field's KDF). An existing account of another
 * role is promoted only with `promote: true`; `promotedFrom` names its old role.
 */
export async function upsertAdministrator (context: KeystoneContext, accounts: CliAccounts, input: AdministratorInput) {
  const list = listOf(context, accounts)
  const existing = await findAccount(context, accounts, input.email)
  const role = existing ? accounts.roleOf(existing) : null
  if (existing && role !== ADMINISTRATOR && !input.promote) throw new PromotionRefused(input.email, role)
  const data = { [accounts.passwordField]: input.password, ...accounts.administratorData }
  const account = existing
    ? await list.updateOne({ where: { id: existing.id as string }, data: { ...data, ...(input.name ? { [accounts.nameField]: input.name } : {}) } })
    : await list.createOne({ data: { ...data, [accounts.emailField]: input.email, [accounts.nameField]: input.name ?? 'Administrator' } })
  return { account: account as AccountItem, promotedFrom: existing && role !== ADMINISTRATOR ? role ?? 'non-administrator' : null }
}

export type MintInput = { email: string, label: string, expiresInDays?: number | undefined }

/** Mints an API key for the account with that e-mail; `warning` is set when its role cannot use it yet. */
export async function mintKeyFor (context: KeystoneContext, options: ResolvedOptions, input: MintInput) {
  const accounts = cliAccounts(options)
  const account = await findAccount(context, accounts, input.email)
  if (!account) throw new CliError(`no account with e-mail ${input.email}`)
  const role = accounts.roleOf(account)
  const warning = roleHasCapability(options.capabilities, role ?? undefined, 'manage_options')
    ? null
    : `warning: ${input.email} is ${role ? `a ${role}` : 'an account without a role'}; its key will be refused until the account holds manage_options`
  const key = await issueApiKey(context.prisma as Db, { accountId: String(account.id), label: input.label, expiresInDays: input.expiresInDays }, options.now())
  return { key, warning }
}
