import { z } from 'zod'
import { defineOperation } from '../../kernel/registry/define-operation.ts'
import { conflict } from '../../platform/errors/errors.ts'
import { assertKnownModule, moduleParam, moduleRecord, toModuleRecord } from './shape.ts'
import { moduleChanged } from './events.ts'

/** `modules.enable` and `modules.disable`: the same switch, thrown one way or the other. */
export function switchOperation (action: 'enable' | 'disable') {
  const enabled = action === 'enable'
  return defineOperation({
    summary: enabled
      ? 'Enable a module: its operations and public endpoints answer again.'
      : 'Disable a module: its operations and public endpoints answer 409 module_disabled. Nothing is deleted.',
    idempotent: true,
    changesReach: true,
    // modules.disable sorts before modules.enable: run in manifest order, the module comes back on.
    examples: [{ title: enabled ? 'Turn the AI module back on' : 'Turn the AI module off', params: { module: 'ai' } }],
    params: z.object({ module: moduleParam }),
    returns: moduleRecord,
    async handler ({ module }, context) {
      const { modules } = context
      assertKnownModule(modules, module)
      if (modules.isLocked(module)) throw conflict(`the ${module} module is part of the control plane and cannot be ${action}d`)
      const before = !(await modules.disabled()).has(module)
      const record = toModuleRecord(modules, module, enabled ? new Set() : new Set([module]))
      const disabled = before === enabled
        ? await modules.disabled()
        : await modules.set(module, enabled, tx => context.emit(tx, moduleChanged, { action: enabled ? 'enabled' : 'disabled', key: module, record }))
      return { data: toModuleRecord(modules, module, disabled), changed: before !== enabled }
    },
  })
}
