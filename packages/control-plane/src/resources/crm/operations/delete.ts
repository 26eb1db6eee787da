import { z } from 'zod'
import { crmChanged } from '../events.ts'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { formatSlot } from '../../../platform/db/slots.ts'
import { notFound } from '../../../platform/errors/errors.ts'
import { crmNumParam } from '../shape.ts'

export const deleteCrm = defineOperation({
  summary: 'Free a CRM slot: its fields and its API key are erased. crm_count does not go down.',
  destructive: true,
  examples: [{
    title: 'Remove a CRM connection and its key',
    setup: [{ operation: 'crm.create', params: { name: 'Old CRM', url: 'https://crm.example.com' }, as: 'crm' }],
    params: { crm_num: '{{crm.crm_num}}' },
    confirm: true,
  }],
  params: z.object({ crm_num: crmNumParam }),
  returns: z.object({ crm_num: z.string(), deleted: z.literal(true) }),
  async target ({ crm_num }, { db }) {
    const slot = await db.svcCrmSlot.findUnique({ where: { slot: crm_num }, select: { name: true } })
    return slot && `CRM slot ${formatSlot(crm_num)} "${slot.name}" and its API key`
  },
  async handler ({ crm_num }, context) {
    await context.withEvent(async tx => {
      const { count } = await tx.svcCrmSlot.deleteMany({ where: { slot: crm_num } })
      if (count === 0) throw notFound(`CRM slot ${formatSlot(crm_num)} is empty`)
    }, crmChanged, () => ({ action: 'deleted', crm_num: formatSlot(crm_num), record: null }))
    return { data: { crm_num: formatSlot(crm_num), deleted: true as const }, changed: true }
  },
})
