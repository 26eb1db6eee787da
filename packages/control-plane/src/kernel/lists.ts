import type { Installation } from './control-plane.ts'
import type { Lists } from './define-resource.ts'
import { readOnlyListFor } from '../platform/auth/list-access.ts'
import { sessionRoles } from '../platform/auth/session-role.ts'
import { moduleStateList } from './modules/module-state-list.ts'

/**
 * The one Keystone list of the control plane's own machinery, and the one that takes the host's
 * default id field (its bookkeeping models copy that id, kernel/models.ts).
 */
export const DEFAULT_ID_LIST = 'SvcModuleState'

/** The Keystone lists the control plane contributes to the host: its own machinery's, then each resource's. */
export function controlPlaneLists ({ options, resources }: Pick<Installation, 'options' | 'resources'>): Lists {
  const roleOf = sessionRoles(options.host.accounts, options.credentialWrites)
  const readOnly = (capability?: string) => readOnlyListFor(options.capabilities, roleOf, capability)
  const lists: Lists = { [DEFAULT_ID_LIST]: moduleStateList(readOnly()) }
  for (const resource of resources) {
    for (const [key, list] of Object.entries(resource.lists(readOnly, options))) {
      if (key in lists) throw new Error(`list ${key} of the ${resource.name} resource is declared twice`)
      lists[key] = list
    }
  }
  // Sorted, so the schema Keystone prints (and the migrations generated from it) does not depend on the order of the resources.
  return Object.fromEntries(Object.entries(lists).sort(([a], [b]) => a.localeCompare(b)))
}
