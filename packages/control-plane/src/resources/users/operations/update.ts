import { z } from 'zod'
import { formatSlot } from '../../../platform/db/slots.ts'
import { userChanged } from '../events.ts'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { sameJson } from '../../../platform/lib/canonical-json.ts'
import { memberWritableParams } from '../fields.ts'
import { findMember, memberRecord, toMemberData, toMemberRecord, updateMember, type MemberData, type MemberRow } from '../shape.ts'
import { userNumParam } from '../../../platform/db/team-member-slot.ts'

const differs = (data: MemberData, row: MemberRow) =>
  Object.entries(data).some(([column, value]) => !sameJson(value, row[column as keyof MemberData]))

export const updateUser = defineOperation({
  summary: 'Change fields of an active team member.',
  description: 'Omitted fields are kept; "" or null clears a field ([] also clears model_photo_ids). An empty slot is not_found.',
  idempotent: true,
  examples: [{
    title: "Change a team member's nickname and opt out of reminders",
    setup: [{ operation: 'users.create', params: { full_name: 'Woodrow Wilson', email: 'woody@example.com' }, as: 'member' }],
    params: { user_num: '{{member.user_num}}', nickname: 'Woody', notify_reminders: '' },
  }],
  params: z.object({ user_num: userNumParam, ...memberWritableParams }),
  returns: memberRecord,
  async handler ({ user_num, ...fields }, context) {
    const { db, options } = context
    const current = await findMember(db, user_num)
    const data = toMemberData(fields)
    if (!differs(data, current)) return { data: toMemberRecord(current, options), changed: false }
    const updated = await context.withEvent(tx => updateMember(tx, current, data),
      userChanged, row => ({ action: 'updated', user_num: formatSlot(row.slot), record: toMemberRecord(row, options) }))
    return { data: toMemberRecord(updated, options), changed: true }
  },
})
