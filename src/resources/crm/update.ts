import { z } from 'zod'
import { defineOperation } from '../../registry/define-operation.ts'
import { httpUrl } from '../../lib/fields.ts'
import { CRM_ROW_FIELDS, crmNumParam, crmRecord, crmWritableParams, findCrmSlot, toCrmRecord } from './shape.ts'

export const updateCrm = defineOperation({
  resource: 'crm',
  action: 'update',
  summary: 'Change the name, URL or admin-only flag of an occupied CRM slot.',
  description: 'Omitted fields are kept. Send url as "" or null to clear it. An empty slot is not_found.',
  idempotent: true,
  examples: [{
    title: 'Move a CRM connection to a new address',
    setup: [{ operation: 'crm.create', params: { name: 'Marketing CRM', url: 'https://crm.example.com' }, as: 'crm' }],
    params: { crm_num: '{{crm.crm_num}}', url: 'https://eu.crm.example.com', link_admin_only: false },
  }],
  params: z.object({
    crm_num: crmNumParam,
    name: crmWritableParams.name.optional(),
    url: z.union([httpUrl, z.literal('')]).nullable().optional(),
    link_admin_only: crmWritableParams.link_admin_only,
  }),
  returns: crmRecord,
  async handler ({ crm_num, name, url, link_admin_only }, { db }) {
    const current = await findCrmSlot(db, crm_num)
    const next = {
      name: name ?? current.name,
      url: url === undefined ? current.url : url || null,
      linkAdminOnly: link_admin_only ?? current.linkAdminOnly,
    }
    const changed = next.name !== current.name || next.url !== current.url || next.linkAdminOnly !== current.linkAdminOnly
    if (!changed) return { data: toCrmRecord(current), changed: false }
    const updated = await db.svcCrmSlot.update({ where: { slot: crm_num }, data: next, select: CRM_ROW_FIELDS })
    return { data: toCrmRecord(updated), changed: true }
  },
})
