import { defineResource } from '../../define-resource.ts'
import { listModules } from './list.ts'
import { disableModule, enableModule } from './switch.ts'

/** The module switches (the gate itself belongs to the core). Locked: it must stay able to switch back on. */
export const modulesResource = defineResource({
  name: 'modules',
  module: 'locked',
  operations: [disableModule, enableModule, listModules],
})
