import type { Account } from '../auth/identity.ts'
import type { ResolvedAccounts } from './accounts.ts'
import { accountIdValue, type AccountId } from './account-id.ts'

/** Reads one host account by id, as the control plane sees it; null when there is none. */
export type AccountLoader = (id: string) => Promise<Account | null>

type AccountDelegate = {
  findUnique (args: { where: { id: AccountId }, select: Record<string, unknown> }): Promise<Record<string, unknown> | null>
  findMany (args: { where: Record<string, unknown>, select: Record<string, unknown>, orderBy: object, take?: number }): Promise<Record<string, unknown>[]>
}

/** Prisma names a model's delegate after it, first letter lower-cased: `User` → `user`. */
const delegateName = (list: string): string => list.charAt(0).toLowerCase() + list.slice(1)

/** The host's Prisma delegate for its accounts list; the package's client types know only the reference host's. */
export function accountDelegate (db: object, accounts: Pick<ResolvedAccounts, 'list'>): AccountDelegate {
  const name = delegateName(accounts.list)
  const delegate = (db as Record<string, AccountDelegate | undefined>)[name]
  if (!delegate) throw new Error(`the Prisma client has no "${name}" model for the ${accounts.list} list (host.accounts.list)`)
  return delegate
}

/** A text field as it is, an id (text, or an integer on lists with integer ids) as text; nothing else is a value here. */
const text = (value: unknown): string => typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'bigint' ? String(value) : ''

/** The account's fields a loader reads besides `roleSelect`: those of them the list has. */
const shownFields = (accounts: ResolvedAccounts): string[] =>
  [accounts.emailField, accounts.nameField, accounts.identityField].filter((field): field is string => field !== null)

/**
 * Loads accounts through the host's Prisma client: id, e-mail (empty without an e-mail field),
 * name (the sign-in identity without a name field), and the role `roleOf` makes of `roleSelect`.
 */
export function accountLoader (db: object, accounts: ResolvedAccounts): AccountLoader {
  const delegate = accountDelegate(db, accounts)
  const select = { ...accounts.roleSelect, id: true, ...Object.fromEntries(shownFields(accounts).map(field => [field, true])) }
  const read = (row: Record<string, unknown>, field: string | null) => field === null ? '' : text(row[field])
  return async id => {
    const value = accountIdValue(accounts, id)
    if (value === null) return null
    const row = await delegate.findUnique({ where: { id: value }, select })
    if (!row) return null
    return { id: text(row.id), email: read(row, accounts.emailField), name: read(row, accounts.nameField ?? accounts.identityField), role: accounts.roleOf(row) ?? '' }
  }
}
