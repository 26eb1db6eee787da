import { configureResource, defineResource } from '../../kernel/define-resource.ts'
import { crmSettings, type CrmSettings } from './resource-settings.ts'
import { crmSlotModel } from './model.ts'
import { crmChanged } from './events.ts'
import { createCrm } from './operations/create.ts'
import { deleteCrm } from './operations/delete.ts'
import { getCrm } from './operations/get.ts'
import { listCrm } from './operations/list.ts'
import { setCrmSecret } from './operations/set-secret.ts'
import { updateCrm } from './operations/update.ts'
import { CRM_API_KEY } from './sealed-columns.ts'
import { slotConnection } from './connection.ts'
import { provide } from '../../kernel/hooks/define-hook.ts'
import { crmConnection } from '../../kernel/hooks/crm-connection.ts'

/** Connections to CRM systems, in numbered slots. */
export const crmResource = defineResource({
  name: 'crm',
  sealedColumns: [CRM_API_KEY],
  settings: crmSettings,
  events: [crmChanged],
  models: [crmSlotModel],
  operations: { create: createCrm, delete: deleteCrm, get: getCrm, list: listCrm, set_secret: setCrmSecret, update: updateCrm },
  provides: [provide(crmConnection, slotConnection)],
  statusCounters: [{ key: 'crm', count: db => db.svcCrmSlot.count() }],
  adminPages: [{ path: '/control-plane/crm', label: 'CRM', title: 'CRM connections', requires: ['crm.list'] }],
})

/** The crm resource with settings of the host's, for `withControlPlane(config, { builtins: [crm({ … })] })`. */
export const crm = (settings: CrmSettings) => configureResource(crmResource, settings)
