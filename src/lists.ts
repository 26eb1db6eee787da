import type { CapabilityMap } from './options.ts'
import { readOnlyListAccess, readOnlyListUi } from './auth/list-access.ts'
import { apiKeyList } from './resources/api-keys/model.ts'
import { auditEntryList } from './resources/audit/model.ts'
import { crmSlotList } from './resources/crm/model.ts'
import { contentSourceList } from './resources/content-sources/model.ts'
import { contentDeliveryList } from './resources/content-sources/delivery-model.ts'
import { counterList } from './lib/counter-model.ts'
import { outboxMessageList } from './outbox/model.ts'

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
    SvcContentDelivery: contentDeliveryList(shared),
    SvcContentSource: contentSourceList(shared),
    SvcCounter: counterList(shared),
    SvcCrmSlot: crmSlotList(shared),
    SvcOutboxMessage: outboxMessageList(shared),
  }
}
