import type { Installation } from './control-plane.ts'
import type { BookkeepingModel } from '../platform/db/bookkeeping-model.ts'
import { withBookkeepingModels } from '../platform/db/bookkeeping-schema.ts'
import { controlPlaneLists, DEFAULT_ID_LIST } from './lists.ts'
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

/** Keystone's `db.extendPrismaSchema`: the host's own extension, then the control plane's bookkeeping models among its lists. */
export const controlPlaneSchema = (plane: Pick<Installation, 'options' | 'resources'>, hostExtend?: (schema: string) => string): (schema: string) => string =>
  withBookkeepingModels(controlPlaneModels(plane), { names: Object.keys(controlPlaneLists(plane)), defaultIdList: DEFAULT_ID_LIST }, hostExtend)
