import type { ControlPlaneRuntime } from '../../kernel/runtime.ts'
import type { Identity } from '../../kernel/access/door-auth.ts'
import type { Operation } from '../../kernel/registry/define-operation.ts'
import { visibleOperations } from '../../kernel/access/visible-operations.ts'
import { ALL_TOOLS, type ToolScope } from './tool-scope.ts'
import { toolName } from './tool-name.ts'

/** Code-unit order, not the locale's, so every instance lists the tools in the same order. */
const byToolName = (a: Operation, b: Operation) => {
  const [left, right] = [toolName(a), toolName(b)]
  return left < right ? -1 : left > right ? 1 : 0
}

/** The operations this caller may run now through this URL (`visibleOperations`, a disabled module's left out), in tool-name order. */
export async function runnableOperations (runtime: ControlPlaneRuntime, identity: Identity, scope: ToolScope = ALL_TOOLS): Promise<Operation[]> {
  const { operations } = await visibleOperations(runtime, identity, scope, 'left-out')
  return operations.sort(byToolName)
}
