/** How the host's accounts are read: which list, which fields, and what role an account holds. */
export type HostAccountsOptions = {
  /** The Keystone list of the accounts that sign in and own API keys. @default 'User' */
  list?: string
  /** Its unique e-mail field. @default 'email' */
  emailField?: string
  /** Its display-name field. @default 'name' */
  nameField?: string
}

export type ResolvedAccounts = {
  list: string
  emailField: string
  nameField: string
}

export function resolveAccounts (options: HostAccountsOptions = {}): ResolvedAccounts {
  return {
    list: options.list ?? 'User',
    emailField: options.emailField ?? 'email',
    nameField: options.nameField ?? 'name',
  }
}
