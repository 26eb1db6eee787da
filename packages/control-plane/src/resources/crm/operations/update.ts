import { z } from 'zod'
import { crmChanged } from '../events.ts'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { httpUrl } from '../../../platform/lib/fields.ts'
import { boundSecretColumn } from '../../../platform/secrets/bound-secret.ts'
import { assertAllowedDestination } from '../../../platform/outgoing-http/outbound-guard.ts'
import { CRM_ROW_FIELDS, crmApiKeyParam, crmNumParam, crmRecord, crmWritableParams, findCrmSlot, toCrmRecord } from '../shape.ts'
import { CRM_API_KEY } from '../sealed-columns.ts'
import { bindTo } from '../../../platform/secrets/sealed-column.ts'

export const updateCrm = defineOperation({
  summary: 'Change the name, URL or admin-only flag of an occupied CRM slot.',
  description: 'Omitted fields are kept. Send url as "" or null to clear it. Changing url forgets the stored api_key ' +
    '(key_set becomes false), so a key is never sent to a URL it was not given for, unless api_key is sent in the same request. ' +
    'An empty slot is not_found.',
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
    api_key: crmApiKeyParam.optional(),
  }),
  returns: crmRecord,
  async handler ({ crm_num, name, url, link_admin_only, api_key }, context) {
    const { db, secrets, options } = context
    assertAllowedDestination(options.outbound, url, 'url')
    const current = await findCrmSlot(db, crm_num)
    const next = {
      name: name ?? current.name,
      url: url === undefined ? current.url : url || null,
      linkAdminOnly: link_admin_only ?? current.linkAdminOnly,
    }
    const urlChanged = next.url !== current.url
    const changed = urlChanged || api_key !== undefined || next.name !== current.name || next.linkAdminOnly !== current.linkAdminOnly
    if (!changed) return { data: toCrmRecord(current), changed: false }
    const apiKeyCiphertext = boundSecretColumn({ destinationChanged: urlChanged, supplied: api_key }, secrets, bindTo(CRM_API_KEY, crm_num))
    const updated = await context.withEvent(tx => tx.svcCrmSlot.update({ where: { slot: crm_num }, data: { ...next, apiKeyCiphertext }, select: CRM_ROW_FIELDS }),
      crmChanged, row => ({ action: 'updated', crm_num: toCrmRecord(row).crm_num, record: toCrmRecord(row) }))
    return { data: toCrmRecord(updated), changed: true }
  },
})
