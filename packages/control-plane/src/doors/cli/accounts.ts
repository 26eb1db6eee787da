import type { KeystoneContext } from '@keystone-6/core/types'
import type { ResolvedOptions } from '../../platform/settings/resolved-options.ts'
import type { ResolvedAccounts } from '../../platform/host-contract/accounts.ts'
import type { Db } from '../../platform/db/client.ts'
import { accountLoader } from '../../platform/host-contract/load-account.ts'
import { accountIdValue } from '../../platform/host-contract/account-id.ts'
import { READER_CAPABILITY, roleHolds } from '../../kernel/pipeline/capability-outside-operation.ts'
import { issueApiKey } from '../../resources/api-keys/issue-key.ts'
import { expiryOf } from '../../resources/api-keys/expiry.ts'
import { pinnedVersionOf } from '../../resources/api-keys/pinned-version.ts'
import { CliError } from './errors.ts'

type AccountItem = Record<string, unknown> & { id: unknown }

const ADMINISTRATOR = 'administrator'

/** The identity belongs to an account that is not an administrator, and promoting it was not asked for. */
class PromotionRefused extends CliError {
  constructor (identity: string, field: string, role: string | null) {
    super(`${identity} belongs to an existing ${role || 'non-administrator'} account; nothing was changed. An account may be able to set its own ${field}, ` +
      'so it is promoted only when asked: run again with --promote to make it an administrator (its password is replaced too).')
    this.name = 'PromotionRefused'
  }
}

function listOf (context: KeystoneContext, accounts: ResolvedAccounts) {
  const list = (context.sudo().db as Record<string, KeystoneContext['db'][string]>)[accounts.list]
  if (!list) throw new CliError(`the host has no list ${accounts.list} (host.accounts.list)`)
  return list
}

/** The field accounts sign in by; the CLI finds them by nothing else. */
export function identityFieldOf (accounts: ResolvedAccounts): string {
  if (accounts.identityField === null) throw new CliError(`the ${accounts.list} list has no field the CLI can find accounts by: set host.accounts.identityField to the field they sign in by`)
  return accounts.identityField
}

/** The account with that sign-in identity (host.accounts.identityField), and the role host.accounts.roleOf gives it. */
async function findAccount (context: KeystoneContext, accounts: ResolvedAccounts, identity: string) {
  const item = await listOf(context, accounts).findOne({ where: { [identityFieldOf(accounts)]: identity } }) as AccountItem | null
  if (!item) return null
  const account = await accountLoader(context.prisma as Db, accounts)(String(item.id))
  return { item, role: account?.role || null }
}

export type AdministratorInput = { identity: string, password: string, name?: string | undefined, promote?: boolean }

function passwordFieldOf (accounts: ResolvedAccounts): string {
  if (accounts.passwordField === null) throw new CliError(`the ${accounts.list} list has no field "password": set host.accounts.passwordField to the secret field its createAuth names`)
  return accounts.passwordField
}

/** The name a new administrator is given, unless the name is the identity itself. */
function nameData (accounts: ResolvedAccounts, name: string | undefined, creating: boolean): Record<string, string> {
  const field = accounts.nameField
  if (field === null || field === accounts.identityField) return {}
  if (name) return { [field]: name }
  return creating ? { [field]: 'Administrator' } : {}
}

/**
 * Creates the administrator, or resets an existing administrator's password, through Keystone's
 * own write path (the host's hooks and its password field's KDF), with host.accounts.administratorData.
 * An existing account of another role is promoted only with `promote: true`; `promotedFrom` names its old role.
 */
export async function upsertAdministrator (context: KeystoneContext, accounts: ResolvedAccounts, input: AdministratorInput) {
  const list = listOf(context, accounts)
  const identityField = identityFieldOf(accounts)
  const data = { [passwordFieldOf(accounts)]: input.password, ...accounts.administratorData }
  const existing = await findAccount(context, accounts, input.identity)
  if (existing && existing.role !== ADMINISTRATOR && !input.promote) throw new PromotionRefused(input.identity, identityField, existing.role)
  const account = existing
    ? await list.updateOne({ where: { id: existing.item.id as string }, data: { ...data, ...nameData(accounts, input.name, false) } })
    : await list.createOne({ data: { ...data, [identityField]: input.identity, ...nameData(accounts, input.name, true) } })
  return {
    account: account as AccountItem,
    promotedFrom: existing && existing.role !== ADMINISTRATOR ? existing.role || 'non-administrator' : null,
  }
}

export type MintInput = { identity: string, label: string, expiresInDays?: number | undefined, pinnedVersion?: string | undefined }

/** Mints an API key for the account with that sign-in identity; `warning` is set when its role cannot use it yet. */
export async function mintKeyFor (context: KeystoneContext, options: ResolvedOptions, input: MintInput) {
  const accounts = options.host.accounts
  const account = await findAccount(context, accounts, input.identity)
  if (!account) {
    const field = identityFieldOf(accounts)
    throw new CliError(`no account with ${field === accounts.emailField ? 'e-mail' : field} ${input.identity}`)
  }
  const warning = roleHolds({ options }, account.role ?? undefined, READER_CAPABILITY)
    ? null
    : `warning: ${input.identity} is ${account.role ? `a ${account.role}` : 'an account without a role'}; its key will be refused until the account holds manage_options`
  const accountId = (accountIdValue(accounts, String(account.item.id)) ?? String(account.item.id)) as string
  const now = options.now()
  let expiresAt: Date | null
  try {
    expiresAt = expiryOf(input.expiresInDays, options.apiKeys, null, now)
  } catch (error) {
    throw new CliError(`--expires-in-days: ${(error as Error).message.replace(/^expires_in_days: /, '')}`)
  }
  let pinnedVersion: string | null
  try {
    pinnedVersion = pinnedVersionOf(input.pinnedVersion, null)
  } catch (error) {
    throw new CliError(`--pinned-version ${(error as Error).message.replace(/^pinned_version /, '')}`)
  }
  const key = await issueApiKey(context.prisma as Db, { accountId, label: input.label, expiresAt, pinnedVersion }, now)
  return { key, warning }
}
