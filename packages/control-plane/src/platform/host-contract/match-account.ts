import type { ResolvedAccounts } from './accounts.ts'
import { accountDelegate } from './load-account.ts'
import { anyCaseWhere, sameAnyCase } from './any-case.ts'
import type { AccountId } from './account-id.ts'

/** How a name or an e-mail finds an account: through `host.accounts`' e-mail field, or its name field. */
export type AccountMatch = { by: 'email' | 'name', value: string }

/**
 * The account whose e-mail (`host.accounts.emailField`) or name (`nameField`) is the one given,
 * in any letter case; the oldest when several share a name. Null when none does, or when the
 * accounts have no such field (content sources refuse e-mail matching then: `requireHostParts`).
 */
export async function matchAccount (db: object, accounts: Pick<ResolvedAccounts, 'list' | 'emailField' | 'nameField'>, { by, value }: AccountMatch, insensitive: boolean): Promise<AccountId | null> {
  const wanted = value.trim()
  const field = by === 'email' ? accounts.emailField : accounts.nameField
  if (!wanted || field === null) return null
  const rows = await accountDelegate(db, accounts).findMany({ where: anyCaseWhere(field, wanted, insensitive), select: { id: true, [field]: true }, orderBy: { id: 'asc' }, take: 20 })
  const found = rows.find(row => sameAnyCase(row[field], wanted))
  return found ? found.id as AccountId : null
}
