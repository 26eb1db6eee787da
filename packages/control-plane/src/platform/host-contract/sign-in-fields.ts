import type { SignInFields } from './accounts.ts'
import type { GraphQLSchemaLike } from './graphql-data-model.ts'

type MutationLike = { getFields?: () => Record<string, { args?: readonly { name: string }[] } | undefined> }

/**
 * The fields Keystone's `createAuth` signs the list in with: it adds the mutation
 * `authenticate<Singular>WithPassword(<identityField>, <secretField>)` to the schema, and nothing
 * else of the host's config tells them. Null when the schema has no such mutation.
 */
export function signInFieldsOf (schema: GraphQLSchemaLike | undefined, singular: string): SignInFields | null {
  const mutation = schema?.getType('Mutation') as MutationLike | null | undefined
  const args = mutation?.getFields?.()[`authenticate${singular}WithPassword`]?.args
  if (args?.length !== 2) return null
  return { identityField: args[0]!.name, secretField: args[1]!.name }
}
