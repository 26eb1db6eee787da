import { z } from 'zod'
import { crmChanged } from '../events.ts'
import { CRM_ROW_FIELDS, toCrmRecord } from '../shape.ts'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { formatSlot } from '../../../platform/db/slots.ts'
import { notFound } from '../../../platform/errors/errors.ts'
import { crmApiKeyParam, crmNumParam } from '../shape.ts'
import { CRM_API_KEY } from '../sealed-columns.ts'
import { bindTo } from '../../../platform/secrets/sealed-column.ts'

export const setCrmSecret = defineOperation({
  summary: 'Store the API key of a CRM connection, encrypted. It is never returned.',
  idempotent: true,
  examples: [{
    title: 'Store the CRM API key',
    setup: [{ operation: 'crm.create', params: { name: 'Partner CRM', url: 'https://crm.example.com' }, as: 'crm' }],
    params: { crm_num: '{{crm.crm_num}}', api_key: 'crm-example-key-0123456789' },
  }],
  params: z.object({
    crm_num: crmNumParam,
    api_key: crmApiKeyParam,
  }),
  returns: z.object({ crm_num: z.string(), key_set: z.boolean() }),
  async handler ({ crm_num, api_key }, context) {
    await context.withEvent(async tx => {
      const { count } = await tx.svcCrmSlot.updateMany({ where: { slot: crm_num }, data: { apiKeyCiphertext: context.secrets.seal(api_key, bindTo(CRM_API_KEY, crm_num)) } })
      if (count === 0) throw notFound(`CRM slot ${formatSlot(crm_num)} is empty`)
      return tx.svcCrmSlot.findUniqueOrThrow({ where: { slot: crm_num }, select: CRM_ROW_FIELDS })
    }, crmChanged, row => ({ action: 'secret_set', crm_num: formatSlot(crm_num), record: toCrmRecord(row) }))
    return { data: { crm_num: formatSlot(crm_num), key_set: true }, changed: true }
  },
})
