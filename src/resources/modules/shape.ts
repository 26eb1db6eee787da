import { z } from 'zod'
import type { OperationRegistry } from '../../registry/registry.ts'
import { isLockedModule, LOCKED_MODULES, TOGGLEABLE_MODULES } from './catalogue.ts'
import { notFound } from '../../errors.ts'

export const moduleRecord = z.object({
  key: z.string(),
  enabled: z.boolean(),
  locked: z.boolean().describe('Locked modules are part of the control plane itself and cannot be disabled.'),
  operations: z.array(z.string()).describe('Names of the operations the module provides in this installation.'),
})

export const moduleParam = z.string().min(1).describe('Module key, e.g. "leads". modules.list names them all.')

/** Every module: the built-in catalogue plus any module a host-registered operation names. */
export function knownModules (registry: OperationRegistry): string[] {
  const fromOperations = registry.all().map(operation => operation.module)
  return [...new Set([...LOCKED_MODULES, ...TOGGLEABLE_MODULES, ...fromOperations])].sort()
}

export function assertKnownModule (registry: OperationRegistry, module: string): void {
  if (!knownModules(registry).includes(module)) {
    throw notFound(`unknown module "${module}"; modules: ${knownModules(registry).join(', ')}`)
  }
}

export function toModuleRecord (registry: OperationRegistry, key: string, disabled: Set<string>): z.input<typeof moduleRecord> {
  return {
    key,
    enabled: !disabled.has(key) || isLockedModule(key),
    locked: isLockedModule(key),
    operations: registry.all().filter(operation => operation.module === key).map(operation => operation.name),
  }
}
