import { resolveAccounts, type AccountsListFacts, type HostAccountsOptions, type ResolvedAccounts } from './accounts.ts'
import { resolveContent, type HostContentOptions, type HostSchema, type ResolvedContent } from './content.ts'

/** The parts of the host the control plane reads: its accounts and, when it has them, its posts. */
export type HostOptions = {
  /** The accounts that sign in, own API keys and hold roles. @default the `User` list */
  accounts?: HostAccountsOptions
  /**
   * The posts that content sources write and pipelines transform, or `false` for a host without
   * posts: content sources and pipelines are then left out (`modules.list` says why).
   * @default the `Post` list
   */
  content?: HostContentOptions | false
}

export type ResolvedHost = {
  accounts: ResolvedAccounts
  content: ResolvedContent | false
}

/** The host option as the code reads it; with the host's schema, the posts list and its field map are checked against it. */
export function resolveHost (options: HostOptions = {}, accountsList?: AccountsListFacts, schema?: HostSchema): ResolvedHost {
  return { accounts: resolveAccounts(options.accounts, accountsList), content: resolveContent(options.content, schema) }
}
