import type { BaseKeystoneTypeInfo, KeystoneConfigPre } from '@keystone-6/core/types'
import type { AccountsListFacts, HostAccountsOptions } from './accounts.ts'

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

/** The table Prisma writes a list's rows to: its `db.map`, else the list key. */
export const listTable = (lists: AccountsHostConfig['lists'], listKey: string): string => lists[listKey]?.db?.map ?? listKey

function missingField (option: string, field: string, list: string, fix: string): Error {
  return new Error(`host.accounts.${option} names "${field}", which the ${list} list does not have: set ${fix}`)
}

/** The fields the options name explicitly: each must be a field of the list. */
function namedFields (options: HostAccountsOptions): [option: string, field: string, fix: string][] {
  const named: [string, string, string][] = []
  for (const option of ['identityField', 'emailField', 'nameField', 'passwordField'] as const) {
    const field = options[option]
    if (typeof field === 'string') named.push([option, field, `host.accounts.${option}`])
  }
  for (const field of Object.keys(options.roleSelect ?? {})) named.push(['roleSelect', field, 'host.accounts.roleSelect and roleOf'])
  return named
}

/**
 * Checks `host.accounts` against the host's lists when the config is built, so a host of another
 * shape learns what to set at startup rather than from a failing request, and returns how the
 * list is stored. Only what the options name must exist; a default the list lacks is left out.
 */
export function inspectAccountsList (config: AccountsHostConfig, options: HostAccountsOptions = {}): AccountsListFacts {
  const listKey = options.list ?? 'User'
  const list = config.lists[listKey]
  if (!list) {
    throw new Error(`host.accounts.list names "${listKey}", which is not a list of this Keystone config ` +
      `(its lists: ${Object.keys(config.lists).join(', ') || 'none'}): set host.accounts.list to the list of the accounts that sign in`)
  }
  const has = (field: string) => field === 'id' || Object.hasOwn(list.fields, field)
  for (const [option, field, fix] of namedFields(options)) {
    if (!has(field)) throw missingField(option, field, listKey, fix)
  }
  return { table: listTable(config.lists, listKey), idType: idTypeOf(list.db?.idField ?? config.db.idField), fields: ['id', ...Object.keys(list.fields)] }
}
