import { z } from 'zod'
import { defineOperation } from '../../../registry/define-operation.ts'
import { readCounter } from '../../../db/counters.ts'
import { CRM_COUNT, CRM_ROW_FIELDS, crmRecord, toCrmRecord } from '../shape.ts'

export const listCrm = defineOperation({
  summary: 'List the occupied CRM slots, in slot order, and the crm_count high-water mark.',
  readonly: true,
  examples: [{ title: 'List the CRM connections', params: {} }],
  params: z.object({}),
  returns: z.object({ crms: z.array(crmRecord), crm_count: z.number().int() }),
  async handler (_params, { db }) {
    const [rows, crmCount] = await Promise.all([
      db.svcCrmSlot.findMany({ select: CRM_ROW_FIELDS, orderBy: { slot: 'asc' } }),
      readCounter(db, CRM_COUNT),
    ])
    return { data: { crms: rows.map(toCrmRecord), crm_count: crmCount }, changed: false }
  },
})
