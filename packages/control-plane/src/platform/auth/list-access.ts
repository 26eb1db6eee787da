import { roleHasCapability, type CapabilityMap } from './capabilities.ts'
import type { SessionArgs, SessionRoleOf } from './session-role.ts'

/**
 * Access rules for the plugin's own Keystone lists. Dispatch is the only write path, so GraphQL
 * (and the Admin UI's generic pages built on it) may read, with the capability, and never write.
 */
function readOnlyListAccess (capabilities: CapabilityMap, roleOf: SessionRoleOf, capability = 'manage_options') {
  const canManage = async (args: SessionArgs) => roleHasCapability(capabilities, await roleOf(args), capability)
  const denyWrites = () => false
  return {
    operation: { query: canManage, create: denyWrites, update: denyWrites, delete: denyWrites },
  }
}

/** Read-only in the Admin UI, and out of its navigation for accounts that may not read them. */
function readOnlyListUi (capabilities: CapabilityMap, roleOf: SessionRoleOf, capability = 'manage_options') {
  return {
    hideCreate: true,
    hideDelete: true,
    hideNavigation: async (args: SessionArgs) => !roleHasCapability(capabilities, await roleOf(args), capability),
    itemView: { defaultFieldMode: 'read' as const },
    createView: { defaultFieldMode: 'hidden' as const },
  }
}

/**
 * No create, update or delete mutation in the GraphQL schema: every mutation a list adds costs the
 * host's own mutations, whatever they write (one such list, with no package, made the starter's
 * `updatePost` 2 % dearer; the same list without its mutations cost nothing: docs/performance.md),
 * and the access rules above would refuse them anyway.
 */
const readOnlyListGraphql = { omit: { create: true, update: true, delete: true } } as const

/** The access, GraphQL and UI settings a control-plane list spreads into its `list({...})` config. */
export type ListAccess = {
  access: ReturnType<typeof readOnlyListAccess>
  graphql: typeof readOnlyListGraphql
  ui: ReturnType<typeof readOnlyListUi>
}

/** Read access in GraphQL and the Admin UI for holders of `capability`; writes only through dispatch. */
export const readOnlyListFor = (capabilities: CapabilityMap, roleOf: SessionRoleOf, capability?: string): ListAccess =>
  ({ access: readOnlyListAccess(capabilities, roleOf, capability), graphql: readOnlyListGraphql, ui: readOnlyListUi(capabilities, roleOf, capability) })
