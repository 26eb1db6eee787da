import { defineChangedEvent } from '../../platform/events/changed-event.ts'
import { memberRecord } from './shape.ts'

export const userChanged = defineChangedEvent({
  type: 'user.changed',
  summary: 'A team-member record was created, updated, deleted, or linked to or unlinked from a host account.',
  key: 'user_num',
  record: memberRecord,
  actions: ['created', 'updated', 'deleted', 'account_linked', 'account_unlinked'],
})
