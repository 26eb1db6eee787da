import { defineDoor } from '../../kernel/pipeline/door.ts'

/** The MCP endpoint's door: every tool call, resource read and prompt through it is audited as `mcp`, and answered as a tool result. */
export const MCP_DOOR = defineDoor({ channel: 'mcp', format: 'mcp' })
