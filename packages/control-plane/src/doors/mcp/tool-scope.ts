import { WHOLE_REGISTRY, type DoorScope } from '../../kernel/access/visible-operations.ts'

/**
 * The tools one MCP URL serves: `/mcp` every tool, `/mcp/x/{toolsets}` the tools of those
 * resources, `/mcp/readonly` the read-only ones, `/mcp/x/{toolsets}/readonly` both.
 */
export type ToolScope = DoorScope

export const ALL_TOOLS: ToolScope = WHOLE_REGISTRY

/** The toolset names of a `/x/{toolsets}` segment (comma-separated), and those naming no resource. */
export function parseToolsets (segment: string, knownResources: ReadonlySet<string>): { resources: Set<string>, unknown: string[] } {
  const names = segment.split(',').map(name => name.trim()).filter(name => name !== '')
  return { resources: new Set(names), unknown: [...new Set(names.filter(name => !knownResources.has(name)))] }
}
