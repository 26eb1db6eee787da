import { z } from 'zod'
import { formatSlot } from '../../../platform/db/slots.ts'
import { userChanged } from '../events.ts'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { allocateSlot } from '../../../platform/db/slots.ts'
import { MAX_SLOT } from '../../../platform/db/slots.ts'
import { memberWritableParams } from '../fields.ts'
import { MEMBER_ROW_SELECT, memberRecord, toMemberData, toMemberRecord } from '../shape.ts'

export const createUser = defineOperation({
  summary: 'Add a team member in the lowest free slot (1–999).',
  description: 'Every field is optional. A reused slot starts blank: nothing of its previous occupant remains.',
  examples: [{
    title: 'Add a team member',
    params: { first_name: 'Ida', last_name: 'Wells', email: 'ida@example.com', phone_number: '+1 555 0100', notify_replies: '1' },
  }],
  params: z.object(memberWritableParams),
  returns: memberRecord,
  async handler (params, context) {
    const { db, options } = context
    const row = await allocateSlot({
      max: MAX_SLOT,
      occupied: async () => (await db.svcTeamMember.findMany({ select: { slot: true } })).map(r => r.slot),
      insert: slot => context.withEvent(tx => tx.svcTeamMember.create({ data: { slot, ...toMemberData(params) }, select: MEMBER_ROW_SELECT }),
        userChanged, row => ({ action: 'created', user_num: formatSlot(row.slot), record: toMemberRecord(row, options) })),
      kind: 'team-member slots',
    })
    return { data: toMemberRecord(row, options), changed: true }
  },
})
