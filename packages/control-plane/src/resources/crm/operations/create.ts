import { crmSettings } from '../resource-settings.ts'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { allocateSlot } from '../../../platform/db/slots.ts'
import { raiseHighWaterMark } from '../../../platform/db/counters.ts'
import { CRM_COUNT, CRM_ROW_FIELDS, crmRecord, crmWritableParams, toCrmRecord } from '../shape.ts'
import { z } from 'zod'
import { crmChanged } from '../events.ts'
import { assertAllowedDestination } from '../../../platform/outgoing-http/outbound-guard.ts'

export const createCrm = defineOperation({
  summary: 'Create a CRM connection in the lowest free slot.',
  examples: [{ title: 'Connect a CRM', params: { name: 'Sales CRM', url: 'https://crm.example.com', link_admin_only: true } }],
  params: z.object(crmWritableParams),
  returns: crmRecord,
  async handler (params, context) {
    const { db, options } = context
    assertAllowedDestination(options.outbound, params.url, 'url')
    const row = await allocateSlot({
      max: crmSettings.of(options).maxSystems,
      occupied: async () => (await db.svcCrmSlot.findMany({ select: { slot: true } })).map(r => r.slot),
      // The counter is raised in the slot's own transaction: nothing is left to fail once the slot is committed.
      insert: slot => context.withEvent(async tx => {
        const created = await tx.svcCrmSlot.create({
          data: { slot, name: params.name, url: params.url ?? null, linkAdminOnly: params.link_admin_only ?? false },
          select: CRM_ROW_FIELDS,
        })
        await raiseHighWaterMark(tx, CRM_COUNT, slot)
        return created
      }, crmChanged, created => ({ action: 'created', crm_num: toCrmRecord(created).crm_num, record: toCrmRecord(created) })),
      kind: 'CRM slots',
      hint: 'SVC_MAX_CRM_SYSTEMS',
    })
    return { data: toCrmRecord(row), changed: true }
  },
})
