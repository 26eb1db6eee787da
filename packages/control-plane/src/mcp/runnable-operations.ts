import type { ControlPlaneRuntime } from '../runtime.ts'
import type { Identity } from '../auth/identity.ts'
import type { Operation } from '../registry/define-operation.ts'
import { callerMayRun } from '../registry/run-operation.ts'

/** The operations this caller may run now: their role holds the capability, their key's scopes cover it and the module is on. */
export async function runnableOperations (runtime: ControlPlaneRuntime, identity: Identity): Promise<Operation[]> {
  const disabled = await runtime.modules.disabled()
  return runtime.registry.all().filter(operation =>
    !disabled.has(operation.module) && callerMayRun(runtime, identity, operation))
}
