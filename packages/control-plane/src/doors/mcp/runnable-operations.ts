import type { ControlPlaneRuntime } from '../../kernel/runtime.ts'
import type { Identity } from '../../platform/auth/identity.ts'
import type { Operation } from '../../kernel/registry/define-operation.ts'
import { callerMayRun } from '../../kernel/pipeline/checks.ts'
import { ALL_TOOLS, inToolScope, type ToolScope } from './tool-scope.ts'
import { toolName } from './tool-name.ts'

/** Code-unit order, not the locale's, so every instance lists the tools in the same order. */
const byToolName = (a: Operation, b: Operation) => {
  const [left, right] = [toolName(a), toolName(b)]
  return left < right ? -1 : left > right ? 1 : 0
}

/**
 * The operations this caller may run now through this URL: their role holds the capability,
 * their key's scopes cover it, the module is on and the URL's toolset serves it; in tool-name order.
 */
export async function runnableOperations (runtime: ControlPlaneRuntime, identity: Identity, scope: ToolScope = ALL_TOOLS): Promise<Operation[]> {
  const disabled = await runtime.modules.disabled()
  return runtime.registry.all()
    .filter(operation => inToolScope(scope, operation) && !disabled.has(operation.module) && callerMayRun(runtime, identity, operation))
    .sort(byToolName)
}
