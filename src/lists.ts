import type { CapabilityMap, ResolvedOptions } from './options.ts'
import { readOnlyListAccess, readOnlyListUi } from './auth/list-access.ts'
import { apiKeyList } from './resources/api-keys/model.ts'
import { auditEntryList } from './resources/audit/model.ts'
import { crmSlotList } from './resources/crm/model.ts'
import { leadList } from './resources/leads/model.ts'
import { leadEventList } from './resources/leads/event-model.ts'
import { roleList } from './resources/roles/model.ts'
import { teamMemberList } from './resources/users/model.ts'
import { welcomeEmailWindowList } from './resources/users/welcome-window-model.ts'
import { contentSourceList } from './resources/content-sources/model.ts'
import { contentDeliveryList } from './resources/content-sources/delivery-model.ts'
import { integrationList } from './resources/integrations/model.ts'
import { aiSettingsList } from './resources/ai/model.ts'
import { variableList } from './resources/variables/model.ts'
import { counterList } from './lib/counter-model.ts'
import { rateWindowList } from './lib/rate-window-model.ts'
import { outboxMessageList } from './outbox/model.ts'
import { moduleStateList } from './resources/modules/model.ts'
import { pipelineRecipeList } from './resources/pipelines/recipe-model.ts'
import { pipelineRunList } from './resources/pipelines/run-model.ts'

export type ListAccess = {
  access: ReturnType<typeof readOnlyListAccess>
  ui: ReturnType<typeof readOnlyListUi>
}

/** Read access in GraphQL and the Admin UI for holders of `capability`; writes only through dispatch. */
export const readOnlyListFor = (capabilities: CapabilityMap, capability?: string): ListAccess =>
  ({ access: readOnlyListAccess(capabilities, capability), ui: readOnlyListUi(capabilities, capability) })

/**
 * The control plane's bookkeeping (queues, windows, counters, logs): out of the Admin UI's dashboard
 * and navigation for everyone, still readable at its address and through the control-plane pages.
 */
const internalList = ({ access, ui }: ListAccess): ListAccess => ({ access, ui: { ...ui, hideNavigation: () => true } })

/** The Keystone lists the control plane contributes to the host, its extensions' included. */
export function controlPlaneLists (options: ResolvedOptions) {
  const shared = readOnlyListFor(options.capabilities)
  const internal = internalList(shared)
  const extensionLists = options.extensions.map(extension =>
    extension.lists?.((capability?: string) => readOnlyListFor(options.capabilities, capability)) ?? {})
  return {
    ...Object.assign({}, ...extensionLists),
    SvcAiSetting: aiSettingsList(shared),
    SvcApiKey: apiKeyList(shared),
    SvcAuditEntry: auditEntryList(internal),
    SvcContentDelivery: contentDeliveryList(internal),
    SvcContentSource: contentSourceList(shared),
    SvcCounter: counterList(internal),
    SvcCrmSlot: crmSlotList(shared),
    SvcLead: leadList(shared),
    SvcLeadEvent: leadEventList(internal),
    SvcModuleState: moduleStateList(shared),
    SvcIntegration: integrationList(shared),
    SvcOutboxMessage: outboxMessageList(internal),
    SvcPipelineRecipe: pipelineRecipeList(shared),
    SvcPipelineRun: pipelineRunList(internal),
    SvcRateWindow: rateWindowList(internal),
    SvcRole: roleList(shared),
    SvcTeamMember: teamMemberList(shared),
    SvcWelcomeEmailWindow: welcomeEmailWindowList(internal),
    SvcVariable: variableList(shared),
  }
}
