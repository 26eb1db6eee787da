import type { BaseKeystoneTypeInfo, KeystoneConfigPre } from '@keystone-6/core/types'
import { resolveAccounts, type AccountsListFacts, type HostAccountsOptions } from './accounts.ts'

type IdFieldConfig = NonNullable<KeystoneConfigPre<BaseKeystoneTypeInfo>['db']['idField']>

/** The parts of a Keystone config the accounts contract reads. */
export type AccountsHostConfig = {
  db: { idField?: IdFieldConfig }
  lists: Record<string, { fields: Record<string, unknown>, db?: { map?: string, idField?: IdFieldConfig } }>
}

function idTypeOf (idField: IdFieldConfig | undefined): AccountsListFacts['idType'] {
  if (idField?.kind !== 'autoincrement' && idField?.kind !== 'number') return 'string'
  return idField.type === 'BigInt' ? 'bigint' : 'int'
}

function missingField (option: string, field: string, list: string, fix: string): Error {
  return new Error(`host.accounts.${option} names "${field}", which the ${list} list does not have: set ${fix}`)
}

/**
 * Checks `host.accounts` against the host's lists when the config is built, so a host of another
 * shape learns what to set at startup rather than from a failing request, and returns how the
 * list is stored.
 */
export function inspectAccountsList (config: AccountsHostConfig, options: HostAccountsOptions = {}): AccountsListFacts {
  const accounts = resolveAccounts(options)
  const list = config.lists[accounts.list]
  if (!list) {
    throw new Error(`host.accounts.list names "${accounts.list}", which is not a list of this Keystone config ` +
      `(its lists: ${Object.keys(config.lists).join(', ') || 'none'}): set host.accounts.list to the list of the accounts that sign in`)
  }
  const has = (field: string) => field === 'id' || Object.hasOwn(list.fields, field)
  for (const option of ['emailField', 'nameField', 'passwordField'] as const) {
    if (!has(accounts[option])) throw missingField(option, accounts[option], accounts.list, `host.accounts.${option}`)
  }
  for (const field of Object.keys(accounts.roleSelect)) {
    if (!has(field)) throw missingField('roleSelect', field, accounts.list, 'host.accounts.roleSelect and roleOf')
  }
  return { table: list.db?.map ?? accounts.list, idType: idTypeOf(list.db?.idField ?? config.db.idField) }
}
