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

/** The access and UI settings a control-plane list spreads into its `list({...})` config. */
export type ListAccess = {
  access: ReturnType<typeof readOnlyListAccess>
  ui: ReturnType<typeof readOnlyListUi>
}

/** Read access in GraphQL and the Admin UI for holders of `capability`; writes only through dispatch. */
export const readOnlyListFor = (capabilities: CapabilityMap, roleOf: SessionRoleOf, capability?: string): ListAccess =>
  ({ access: readOnlyListAccess(capabilities, roleOf, capability), ui: readOnlyListUi(capabilities, roleOf, capability) })
