import { z } from 'zod'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { crmRecord, crmRecordOf } from '../shape.ts'
import { readCrmList } from '../read-list.ts'
import { rawTargetOf } from '../../../platform/db/raw-statements.ts'

export const listCrm = defineOperation({
  summary: 'List the occupied CRM slots, in slot order, and the crm_count high-water mark.',
  readonly: true,
  examples: [{ title: 'List the CRM connections', params: {} }],
  params: z.object({}),
  returns: z.object({ crms: z.array(crmRecord), crm_count: z.number().int() }),
  async handler (_params, { db, options }) {
    const { slots, crmCount } = await readCrmList(rawTargetOf(db, options))
    return { data: { crms: slots.map(crmRecordOf), crm_count: crmCount }, changed: false }
  },
})
