import { defineResource } from '../../kernel/define-resource.ts'
import { moduleChanged } from './events.ts'
import { listModules } from './operations/list.ts'
import { switchOperation } from './switch-operation.ts'

/** The module switches (the gate itself belongs to the core). Locked: it must stay able to switch back on. */
export const modulesResource = defineResource({
  name: 'modules',
  module: 'locked',
  events: [moduleChanged],
  operations: { disable: switchOperation('disable'), enable: switchOperation('enable'), list: listModules },
  adminPages: [{ path: '/control-plane/settings', label: 'Settings', title: 'Site settings', requires: ['modules.list'] }],
})
