import { defineResource } from '../../define-resource.ts'
import { crmSlotList } from './model.ts'
import { createCrm } from './create.ts'
import { deleteCrm } from './delete.ts'
import { getCrm } from './get.ts'
import { listCrm } from './list.ts'
import { setCrmSecret } from './set-secret.ts'
import { updateCrm } from './update.ts'

/** Connections to CRM systems, in numbered slots. */
export const crmResource = defineResource({
  name: 'crm',
  lists: readOnly => ({ SvcCrmSlot: crmSlotList(readOnly()) }),
  operations: [createCrm, deleteCrm, getCrm, listCrm, setCrmSecret, updateCrm],
  statusCounters: [{ key: 'crm', count: db => db.svcCrmSlot.count() }],
  adminPages: [{ path: '/crm', label: 'CRM', title: 'CRM connections', requires: ['crm.list'] }],
})
