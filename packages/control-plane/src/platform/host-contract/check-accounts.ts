import { withSignInFields, type ResolvedAccounts } from './accounts.ts'
import type { HostSchema } from './content.ts'
import type { GraphQLSchemaLike } from './graphql-data-model.ts'
import { signInFieldsOf } from './sign-in-fields.ts'

/**
 * The accounts with the fields the host's `createAuth` signs in by (what the options left to it),
 * and the warnings about defaults the list lacks, when the server mounts or the CLI opens the host.
 */
export function checkAccounts (accounts: ResolvedAccounts, graphqlSchema: GraphQLSchemaLike | undefined, schema: HostSchema | undefined): { accounts: ResolvedAccounts, warnings: string[] } {
  const singular = schema?.lists[accounts.list]?.graphql?.singular ?? accounts.list
  const checked = withSignInFields(accounts, signInFieldsOf(graphqlSchema, singular))
  const warnings = [...checked.warnings]
  if (checked.identityField === null) {
    warnings.push(`host.accounts: the ${accounts.list} list has no e-mail or name field and no createAuth sign-in, so the CLI cannot find its accounts; set host.accounts.identityField to the field they sign in by`)
  }
  return { accounts: checked, warnings }
}
