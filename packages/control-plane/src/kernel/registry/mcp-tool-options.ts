import type { ContentBlock } from '@modelcontextprotocol/server'

/** One block of a tool result's `content`: text, an image, audio, a resource link or an embedded resource (MCP's `ContentBlock`). */
export type McpContentBlock = ContentBlock

/**
 * How an operation shows as an MCP tool, where the defaults do not fit: a name a client already
 * looks for, or an answer that is more than JSON (an image, audio, an embedded resource). The call
 * still takes the whole pipeline: validation, capability, module switch, rate limit, audit.
 */
export type McpToolOptions<Data = unknown> = {
  /**
   * The tool's name instead of `resource-action`. Letters, digits, `_` and `.`, at most 64
   * characters: never a `-`, so it cannot be taken for another operation's `resource-action`
   * name. Two operations naming the same tool stop the start.
   * @default `resource-action` (`notes-add`)
   */
  tool?: string
  /**
   * The tool result's `content` blocks for the operation's `data` (as `returns` parsed it): text,
   * `image` or `audio` (base64 `data` and a `mimeType`), an embedded `resource`. The data stays
   * the result's `structuredContent`, as the tool's `outputSchema` says.
   * @default one text block, the data as JSON
   */
  content? (data: Data): McpContentBlock[]
}

/** What an MCP tool name the operation chooses may be made of; see `McpToolOptions.tool`. */
const TOOL_NAME = /^[A-Za-z0-9_.]{1,64}$/

/** Why the tool name an operation chose cannot be one, or null when it can. */
export function toolNameProblem (operationName: string, tool: string): string | null {
  return TOOL_NAME.test(tool) ? null : `${operationName}: mcp.tool "${tool}" must match ${TOOL_NAME} (no "-": resource-action is the default tool name)`
}
