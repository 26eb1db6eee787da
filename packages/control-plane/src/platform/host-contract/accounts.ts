/** A Prisma `select` object: field name → `true`, or a nested `{ select: … }` for a relationship. */
export type AccountSelect = Record<string, unknown>

/** An account row as the accounts list's Prisma delegate returns it for `roleSelect`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the host's roleOf reads fields only its own schema types; unknown would force a cast into every host's callback
export type AccountRow = Record<string, any>

/**
 * How the host's accounts are read: which list, which fields, and what role an account holds. A
 * field named here must be a field of the list (the server refuses to start otherwise); a field
 * taken by its default name is left out when the list has none, with a warning at startup.
 */
export type HostAccountsOptions = {
  /** The Keystone list of the accounts that sign in and own API keys. @default 'User' */
  list?: string
  /**
   * The field accounts sign in by, as the host gives it to Keystone's `createAuth`
   * (`identityField`: an e-mail, a name, a username): what the CLI finds accounts by.
   * @default createAuth's `identityField` for the list, read from its sign-in mutation in Keystone's schema; else the e-mail field, else the name field
   */
  identityField?: string
  /**
   * Its e-mail field, for what needs an address (a post's author matched by e-mail); `false`
   * when the accounts have none.
   * @default 'email', when the list has that field
   */
  emailField?: string | false
  /** Its display-name field. @default 'name', when the list has that field */
  nameField?: string
  /** Its password field (createAuth's `secretField`), which the CLI's `create-admin` sets. @default 'password', when the list has that field */
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
  /** The names of the list's fields; unknown (every default taken) when the config was not read. */
  fields?: readonly string[]
}

/** The fields Keystone's `createAuth` signs the accounts list in with, as its schema shows them. */
export type SignInFields = { identityField: string, secretField: string }

/** The accounts as the code reads them: a field the list lacks and no option named is `null`. */
export type ResolvedAccounts = {
  list: string
  /** Null until Keystone's schema is read (`withSignInFields`) when no option names it and no default field exists. */
  identityField: string | null
  emailField: string | null
  nameField: string | null
  passwordField: string | null
  roleSelect: AccountSelect
  roleOf: (account: AccountRow) => string | null | undefined
  administratorData: Record<string, unknown>
  /** The options left the identity to Keystone's `createAuth`: `withSignInFields` reads it from its schema. */
  identityFromSignIn: boolean
  warnings: readonly string[]
} & Omit<AccountsListFacts, 'fields'>

/** The field of a default name, when the list has it (or its fields are not known). */
const byDefault = (facts: AccountsListFacts | undefined, field: string): string | null =>
  !facts?.fields || facts.fields.includes(field) ? field : null

function leftOut (list: string, option: string, field: string, effect: string): string {
  return `host.accounts: the ${list} list has no field "${field}" (the default of host.accounts.${option}), so ${effect}; set host.accounts.${option} to the list's field`
}

export function resolveAccounts (options: HostAccountsOptions = {}, facts?: AccountsListFacts): ResolvedAccounts {
  const list = options.list ?? 'User'
  const emailField = options.emailField === false ? null : options.emailField ?? byDefault(facts, 'email')
  const nameField = options.nameField ?? byDefault(facts, 'name')
  const passwordField = options.passwordField ?? byDefault(facts, 'password')
  const roleSelect = options.roleSelect ?? (byDefault(facts, 'role') ? { role: true } : {})
  const warnings: string[] = []
  if (options.emailField === undefined && emailField === null) warnings.push(`${leftOut(list, 'emailField', 'email', 'its accounts have no e-mail address (a post\'s author is not matched by e-mail)')}, or to false when they have none`)
  if (options.nameField === undefined && nameField === null) warnings.push(leftOut(list, 'nameField', 'name', 'its accounts are shown by their sign-in identity'))
  if (!options.roleSelect && !('role' in roleSelect)) warnings.push(`${leftOut(list, 'roleSelect', 'role', 'no account holds a role (none may manage the control plane)')} and host.accounts.roleOf to read the role from it`)
  return {
    list,
    identityField: options.identityField ?? emailField ?? nameField,
    emailField,
    nameField,
    passwordField,
    roleSelect,
    roleOf: options.roleOf ?? (account => account.role as string | null | undefined),
    administratorData: options.administratorData ?? ('role' in roleSelect && !options.roleSelect ? { role: 'administrator' } : {}),
    identityFromSignIn: options.identityField === undefined,
    warnings,
    table: facts?.table ?? list,
    idType: facts?.idType ?? 'string',
  }
}

/**
 * The accounts with the field the host's `createAuth` signs in by, when the options left it to
 * it; as they were when Keystone's schema has no sign-in mutation for the list.
 */
export function withSignInFields (accounts: ResolvedAccounts, signIn: SignInFields | null): ResolvedAccounts {
  return signIn && accounts.identityFromSignIn ? { ...accounts, identityField: signIn.identityField } : accounts
}
