import { z } from 'zod'
import { conflict, notFound } from '../../platform/errors/errors.ts'
import type { ModuleCatalogue, UnavailableModule } from '../../kernel/modules/module-catalogue.ts'

export const moduleRecord = z.object({
  key: z.string(),
  enabled: z.boolean(),
  locked: z.boolean().describe('Locked modules are part of the control plane itself and cannot be disabled.'),
  operations: z.array(z.string()).describe('Names of the operations the module provides in this installation.'),
  available: z.boolean().describe('false: the host lacks what the module needs (e.g. a posts list), so it is not installed; reason says why.'),
  reason: z.string().nullable().describe('Why the module is not available; null when it is.'),
})

export const moduleParam = z.string().min(1).describe('Module key, e.g. "leads". modules.list names them all.')

export function assertKnownModule (modules: ModuleCatalogue, module: string): void {
  const missing = modules.unavailable().find(candidate => candidate.key === module)
  if (missing) throw conflict(`the ${module} module is not available on this site: ${missing.reason}`, { module, reason: missing.reason })
  if (!modules.has(module)) throw notFound(`unknown module "${module}"; modules: ${modules.keys().join(', ')}`)
}

export function toModuleRecord (modules: ModuleCatalogue, key: string, disabled: ReadonlySet<string>): z.input<typeof moduleRecord> {
  return { key, enabled: !disabled.has(key), locked: modules.isLocked(key), operations: modules.operationsOf(key), available: true, reason: null }
}

/** A module the host cannot carry: off, without operations, with the reason. */
export const unavailableRecord = ({ key, reason }: UnavailableModule): z.input<typeof moduleRecord> =>
  ({ key, enabled: false, locked: false, operations: [], available: false, reason })
