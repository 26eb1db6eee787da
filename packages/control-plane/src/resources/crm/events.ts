import { defineChangedEvent } from '../../platform/events/changed-event.ts'
import { crmRecord } from './shape.ts'

export const crmChanged = defineChangedEvent({
  type: 'crm.changed',
  summary: 'A CRM connection was created, updated, deleted or had its API key stored (key_set; never the key).',
  key: 'crm_num',
  record: crmRecord,
  actions: ['created', 'updated', 'deleted', 'secret_set'],
})
