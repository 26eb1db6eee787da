import { z } from 'zod'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { crmNumParam, crmRecord, findCrmSlot, toCrmRecord } from '../shape.ts'

export const getCrm = defineOperation({
  summary: 'Read one CRM connection.',
  readonly: true,
  examples: [{
    title: 'Read one CRM connection',
    setup: [{ operation: 'crm.create', params: { name: 'Support CRM', url: 'https://crm.example.com' }, as: 'crm' }],
    params: { crm_num: '{{crm.crm_num}}' },
  }],
  params: z.object({ crm_num: crmNumParam }),
  returns: crmRecord,
  async handler ({ crm_num }, { db }) {
    return { data: toCrmRecord(await findCrmSlot(db, crm_num)), changed: false }
  },
})
