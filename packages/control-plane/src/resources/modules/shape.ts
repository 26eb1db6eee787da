import { z } from 'zod'
import type { ModuleCatalogue } from '../../modules/module-catalogue.ts'
import { notFound } from '../../errors.ts'

export const moduleRecord = z.object({
  key: z.string(),
  enabled: z.boolean(),
  locked: z.boolean().describe('Locked modules are part of the control plane itself and cannot be disabled.'),
  operations: z.array(z.string()).describe('Names of the operations the module provides in this installation.'),
})

export const moduleParam = z.string().min(1).describe('Module key, e.g. "leads". modules.list names them all.')

export function assertKnownModule (modules: ModuleCatalogue, module: string): void {
  if (!modules.has(module)) throw notFound(`unknown module "${module}"; modules: ${modules.keys().join(', ')}`)
}

export function toModuleRecord (modules: ModuleCatalogue, key: string, disabled: ReadonlySet<string>): z.input<typeof moduleRecord> {
  return { key, enabled: !disabled.has(key), locked: modules.isLocked(key), operations: modules.operationsOf(key) }
}
