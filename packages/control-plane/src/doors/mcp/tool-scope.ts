import type { Operation } from '../../kernel/registry/define-operation.ts'

/**
 * The tools one MCP URL serves: `/mcp` every tool, `/mcp/x/{toolsets}` the tools of those
 * resources, `/mcp/readonly` the read-only ones, `/mcp/x/{toolsets}/readonly` both. It narrows
 * what the key may run; it never widens it.
 */
export interface ToolScope {
  /** The resources whose tools are served; null for all. */
  resources: ReadonlySet<string> | null
  /** Only operations annotated read-only. */
  readOnly: boolean
}

export const ALL_TOOLS: ToolScope = { resources: null, readOnly: false }

export const inToolScope = (scope: ToolScope, operation: Operation): boolean =>
  (scope.resources === null || scope.resources.has(operation.resource)) && (!scope.readOnly || operation.readonly)

/** The toolset names of a `/x/{toolsets}` segment (comma-separated), and those naming no resource. */
export function parseToolsets (segment: string, knownResources: ReadonlySet<string>): { resources: Set<string>, unknown: string[] } {
  const names = segment.split(',').map(name => name.trim()).filter(name => name !== '')
  return { resources: new Set(names), unknown: [...new Set(names.filter(name => !knownResources.has(name)))] }
}
