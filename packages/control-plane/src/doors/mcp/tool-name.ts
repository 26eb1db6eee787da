import type { Operation } from '../../kernel/registry/define-operation.ts'
import type { OperationRegistry } from '../../kernel/registry/registry.ts'

/**
 * A tool is named `resource-action` (`crm-create`, `content_sources-approve_mapping`), unless its
 * operation chose a name (`mcp.tool`, which has no `-`). Operation name parts are lower snake case
 * and never contain `-`, so a tool name splits back into its operation at its one `-`, and two
 * operations never share a tool name (the registry refuses two that choose the same). The name is
 * at most 64 characters, which defineOperation enforces.
 */
const SEPARATOR = '-'

export const toolName = (operation: Pick<Operation, 'resource' | 'action' | 'mcp'>): string =>
  operation.mcp?.tool ?? `${operation.resource}${SEPARATOR}${operation.action}`

/** The operation a tool name stands for, or null when the name is not of the form `resource-action`. */
export function operationOfTool (name: string): { resource: string, action: string } | null {
  const [resource, action, ...rest] = name.split(SEPARATOR)
  if (!resource || !action || rest.length > 0) return null
  return { resource, action }
}

/** The operation that has this tool name, whether `resource-action` or one it chose; undefined when none has. */
export function operationNamedByTool (registry: OperationRegistry, name: string): Operation | undefined {
  const target = operationOfTool(name)
  const operation = target ? registry.get(target.resource, target.action) : registry.withChosenTool(name)
  // An operation that chose its name is not also reachable as resource-action.
  return operation && toolName(operation) === name ? operation : undefined
}
