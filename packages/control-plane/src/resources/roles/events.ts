import { defineChangedEvent } from '../../platform/events/changed-event.ts'
import { roleRecord } from './shape.ts'

export const roleChanged = defineChangedEvent({
  type: 'role.changed',
  summary: 'A role was created, updated or deleted, or a team member was assigned to or unassigned from it.',
  key: 'slug',
  record: roleRecord,
  actions: ['created', 'updated', 'deleted', 'assigned', 'unassigned'],
})
