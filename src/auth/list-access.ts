import type { CapabilityMap } from '../options.ts'
import { roleHasCapability } from './capabilities.ts'

type SessionArgs = { session?: { data?: { role?: string } } }

/**
 * Access rules for the plugin's own Keystone lists. Dispatch is the only write path, so GraphQL
 * (and the Admin UI's generic pages built on it) may read, with the capability, and never write.
 */
export function readOnlyListAccess (capabilities: CapabilityMap, capability = 'manage_options') {
  const canManage = ({ session }: SessionArgs) => roleHasCapability(capabilities, session?.data?.role, capability)
  const denyWrites = () => false
  return {
    operation: { query: canManage, create: denyWrites, update: denyWrites, delete: denyWrites },
  }
}

export const readOnlyListUi = {
  hideCreate: true,
  hideDelete: true,
  itemView: { defaultFieldMode: 'read' as const },
  createView: { defaultFieldMode: 'hidden' as const },
}
