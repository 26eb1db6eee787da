import { defineResource } from '../../define-resource.ts'
import { moduleChanged } from './events.ts'
import { listModules } from './operations/list.ts'
import { disableModule } from './operations/disable.ts'
import { enableModule } from './operations/enable.ts'

/** The module switches (the gate itself belongs to the core). Locked: it must stay able to switch back on. */
export const modulesResource = defineResource({
  name: 'modules',
  module: 'locked',
  events: [moduleChanged],
  operations: { disable: disableModule, enable: enableModule, list: listModules },
  adminPages: [{ path: '/control-plane/settings', label: 'Settings', title: 'Site settings', requires: ['modules.list'] }],
})
