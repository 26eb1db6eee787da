import type { Installation } from './control-plane.ts'
import type { Lists } from './define-resource.ts'
import { internalList, readOnlyListFor } from '../platform/auth/list-access.ts'
import { sessionRoles } from '../platform/auth/session-role.ts'
import { auditEntryList } from '../platform/audit/audit-entry-list.ts'
import { counterList } from '../platform/db/counter-list.ts'
import { rateWindowList } from '../platform/db/rate-window-list.ts'
import { sessionVersionList } from '../platform/auth/session-version-list.ts'
import { moduleStateList } from './modules/module-state-list.ts'
import { outboxMessageList } from '../platform/outbox/model.ts'
import { jobList } from '../platform/jobs/model.ts'
import { eventList } from '../platform/events/event-list.ts'
import { idempotencyKeyList } from '../platform/idempotency/idempotency-key-list.ts'
import { retentionStateList } from '../platform/retention/state-list.ts'
import { oauthRecordList } from '../platform/oauth/record-list.ts'

/** The Keystone lists the control plane contributes to the host: its own machinery's, then each resource's. */
export function controlPlaneLists ({ options, resources }: Pick<Installation, 'options' | 'resources'>): Lists {
  const roleOf = sessionRoles(options.host.accounts, options.credentialWrites)
  const readOnly = (capability?: string) => readOnlyListFor(options.capabilities, roleOf, capability)
  const shared = readOnly()
  const internal = internalList(shared)
  const lists: Lists = {
    SvcAuditEntry: auditEntryList(internal),
    SvcEvent: eventList(internal),
    SvcCounter: counterList(internal),
    SvcIdempotencyKey: idempotencyKeyList(internal),
    SvcJob: jobList(internal),
    SvcModuleState: moduleStateList(shared),
    SvcOAuthRecord: oauthRecordList(internal),
    SvcOutboxMessage: outboxMessageList(internal),
    SvcRateWindow: rateWindowList(internal),
    SvcRetentionState: retentionStateList(internal),
    SvcSessionVersion: sessionVersionList(internal),
  }
  for (const resource of resources) {
    for (const [key, list] of Object.entries(resource.lists(readOnly, options))) {
      if (key in lists) throw new Error(`list ${key} of the ${resource.name} resource is declared twice`)
      lists[key] = list
    }
  }
  // Sorted, so the schema Keystone prints (and the migrations generated from it) does not depend on the order of the resources.
  return Object.fromEntries(Object.entries(lists).sort(([a], [b]) => a.localeCompare(b)))
}
