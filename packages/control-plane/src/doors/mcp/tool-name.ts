import type { Operation } from '../../kernel/registry/define-operation.ts'

/**
 * A tool is named `resource-action` (`crm-create`, `content_sources-approve_mapping`). Operation
 * name parts are lower snake case and never contain `-`, so a tool name splits back into its
 * operation at its one `-`, and two operations never share a tool name. The name is as long as
 * the operation's (at most 64 characters, which defineOperation enforces).
 */
const SEPARATOR = '-'

export const toolName = (operation: Pick<Operation, 'resource' | 'action'>): string =>
  `${operation.resource}${SEPARATOR}${operation.action}`

/** The operation a tool name stands for, or null when the name is not of the form `resource-action`. */
export function operationOfTool (name: string): { resource: string, action: string } | null {
  const [resource, action, ...rest] = name.split(SEPARATOR)
  if (!resource || !action || rest.length > 0) return null
  return { resource, action }
}
