import { defineChangedEvent } from '../../platform/events/changed-event.ts'
import { moduleRecord } from './shape.ts'

export const moduleChanged = defineChangedEvent({
  type: 'module.changed',
  summary: 'A module was enabled or disabled (modules.enable, modules.disable).',
  key: 'key',
  record: moduleRecord,
  actions: ['enabled', 'disabled'],
})
