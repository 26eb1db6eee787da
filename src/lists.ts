import type { CapabilityMap } from './options.ts'
import { readOnlyListAccess, readOnlyListUi } from './auth/list-access.ts'
import { apiKeyList } from './resources/api-keys/model.ts'
import { auditEntryList } from './resources/audit/model.ts'
import { crmSlotList } from './resources/crm/model.ts'
import { roleList } from './resources/roles/model.ts'
import { teamMemberList } from './resources/users/model.ts'
import { welcomeEmailWindowList } from './resources/users/welcome-window-model.ts'
import { counterList } from './lib/counter-model.ts'

export type ListAccess = {
  access: ReturnType<typeof readOnlyListAccess>
  ui: typeof readOnlyListUi
}

/** The Keystone lists the control plane contributes to the host. */
export function controlPlaneLists (capabilities: CapabilityMap) {
  const shared: ListAccess = { access: readOnlyListAccess(capabilities), ui: readOnlyListUi }
  return {
    SvcApiKey: apiKeyList(shared),
    SvcAuditEntry: auditEntryList(shared),
    SvcCounter: counterList(shared),
    SvcCrmSlot: crmSlotList(shared),
    SvcRole: roleList(shared),
    SvcTeamMember: teamMemberList(shared),
    SvcWelcomeEmailWindow: welcomeEmailWindowList(shared),
  }
}
