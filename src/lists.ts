import type { CapabilityMap } from './options.ts'
import { readOnlyListAccess, readOnlyListUi } from './auth/list-access.ts'
import { apiKeyList } from './resources/api-keys/model.ts'
import { auditEntryList } from './resources/audit/model.ts'
import { crmSlotList } from './resources/crm/model.ts'
import { counterList } from './lib/counter-model.ts'
import { outboxMessageList } from './outbox/model.ts'
import { rateLimitList } from './auth/rate-limit-model.ts'

export type ListAccess = {
  access: ReturnType<typeof readOnlyListAccess>
  ui: ReturnType<typeof readOnlyListUi>
}

/** The Keystone lists the control plane contributes to the host. */
export function controlPlaneLists (capabilities: CapabilityMap) {
  const shared: ListAccess = { access: readOnlyListAccess(capabilities), ui: readOnlyListUi(capabilities) }
  return {
    SvcApiKey: apiKeyList(shared),
    SvcAuditEntry: auditEntryList(shared),
    SvcCounter: counterList(shared),
    SvcCrmSlot: crmSlotList(shared),
    SvcOutboxMessage: outboxMessageList(shared),
    SvcRateLimit: rateLimitList(shared),
  }
}
