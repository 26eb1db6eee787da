import type { Installation } from './control-plane.ts'
import type { BookkeepingModel } from '../platform/db/bookkeeping-model.ts'
import { withBookkeepingModels } from '../platform/db/bookkeeping-schema.ts'
import { DEFAULT_ID_LIST } from './lists.ts'
import { auditEntryModel } from '../platform/audit/audit-entry-model.ts'
import { counterModel } from '../platform/db/counter-model.ts'
import { rateWindowModel } from '../platform/db/rate-window-model.ts'
import { sessionVersionModel } from '../platform/auth/session-version-model.ts'
import { outboxMessageModel } from '../platform/outbox/model.ts'
import { jobModel } from '../platform/jobs/model.ts'
import { eventModel } from '../platform/events/event-model.ts'
import { idempotencyKeyModel } from '../platform/idempotency/idempotency-key-model.ts'
import { retentionStateModel } from '../platform/retention/state-model.ts'
import { oauthRecordModel } from '../platform/oauth/record-model.ts'

const MACHINERY: readonly BookkeepingModel[] = [
  auditEntryModel, counterModel, eventModel, idempotencyKeyModel, jobModel, oauthRecordModel,
  outboxMessageModel, rateWindowModel, retentionStateModel, sessionVersionModel,
]

/** The control plane's bookkeeping models: its machinery's, then each resource's, each once, sorted by name. */
export function controlPlaneModels ({ resources }: Pick<Installation, 'resources'>): BookkeepingModel[] {
  const models = new Map<string, BookkeepingModel>()
  for (const model of [...MACHINERY, ...resources.flatMap(resource => resource.models)]) {
    if (models.has(model.name)) throw new Error(`the bookkeeping model ${model.name} is declared twice`)
    models.set(model.name, model)
  }
  // Sorted like the lists, so the printed schema does not depend on the order of the resources.
  return [...models.values()].sort((a, b) => a.name.localeCompare(b.name))
}

/** Keystone's `db.extendPrismaSchema`: the host's own extension, then the control plane's bookkeeping models among its lists (`listNames`). */
export function controlPlaneSchema (plane: Pick<Installation, 'options' | 'resources'>, listNames: readonly string[], hostExtend?: (schema: string) => string): (schema: string) => string {
  const models = controlPlaneModels(plane)
  const shadowed = listNames.find(name => models.some(model => model.name === name))
  if (shadowed !== undefined) throw new Error(`list ${shadowed} is also a bookkeeping model of the control plane: give the list another key`)
  return withBookkeepingModels(models, { names: listNames, defaultIdList: DEFAULT_ID_LIST, accountsList: plane.options.host.accounts.list }, hostExtend)
}
