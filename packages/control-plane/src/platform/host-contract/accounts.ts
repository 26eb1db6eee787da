/** A Prisma `select` object: field name → `true`, or a nested `{ select: … }` for a relationship. */
export type AccountSelect = Record<string, unknown>

/** An account row as the accounts list's Prisma delegate returns it for `roleSelect`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the host's roleOf reads fields only its own schema types; unknown would force a cast into every host's callback
export type AccountRow = Record<string, any>

/** How the host's accounts are read: which list, which fields, and what role an account holds. */
export type HostAccountsOptions = {
  /** The Keystone list of the accounts that sign in and own API keys. @default 'User' */
  list?: string
  /** Its unique e-mail field. @default 'email' */
  emailField?: string
  /** Its display-name field. @default 'name' */
  nameField?: string
  /** Its password field, which the CLI's `create-admin` sets. @default 'password' */
  passwordField?: string
  /**
   * The fields `roleOf` reads, as a Prisma `select` (a relationship with a nested `select`:
   * `{ position: { select: { title: true } } }`). Each top-level key must be a field of the list.
   * A change to an account applies to its keys and session at once; a change to a related list's
   * row (a position renamed) within a second, as roles are cached that long.
   * @default { role: true }
   */
  roleSelect?: AccountSelect
  /**
   * The role an account holds, as the `capabilities` map names roles, from the row `roleSelect`
   * selected; `null` or `undefined` for none. An `isAdmin` checkbox:
   * `roleSelect: { isAdmin: true }, roleOf: a => a.isAdmin ? 'administrator' : null`.
   * @default account => account.role
   */
  roleOf?: (account: AccountRow) => string | null | undefined
  /**
   * The data that makes an account an administrator, written by the CLI's `create-admin`.
   * @default { role: 'administrator' } with the default `roleSelect`; nothing (`{}`) when `roleSelect` is given, as `roleOf` then decides from fields of the host's own choosing
   */
  administratorData?: Record<string, unknown>
}

/** How the host stores the accounts list, read from its Keystone config. */
export type AccountsListFacts = {
  /** The table name: the list key, or its `db.map`. */
  table: string
  /** The type of its ids in the database. */
  idType: 'string' | 'int' | 'bigint'
}

export type ResolvedAccounts = Required<HostAccountsOptions> & AccountsListFacts

export function resolveAccounts (options: HostAccountsOptions = {}, facts?: AccountsListFacts): ResolvedAccounts {
  const list = options.list ?? 'User'
  return {
    list,
    emailField: options.emailField ?? 'email',
    nameField: options.nameField ?? 'name',
    passwordField: options.passwordField ?? 'password',
    roleSelect: options.roleSelect ?? { role: true },
    roleOf: options.roleOf ?? (account => account.role as string | null | undefined),
    administratorData: options.administratorData ?? (options.roleSelect ? {} : { role: 'administrator' }),
    table: facts?.table ?? list,
    idType: facts?.idType ?? 'string',
  }
}
