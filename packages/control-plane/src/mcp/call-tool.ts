import { ErrorCode, McpError, type CallToolRequest, type CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import type { ControlPlaneRuntime } from '../runtime.ts'
import type { Identity } from '../auth/identity.ts'
import type { SvcError } from '../errors.ts'
import { executeOperation } from '../http/execute.ts'
import { operationOfTool } from './tool-name.ts'
import { structuredContentOf } from './tool-output.ts'

/** `_meta` key of a tool result that says whether stored state changed, as `changed` does in the envelope. */
export const CHANGED_META_KEY = 'svc/changed'

/** A refusal the model can read and act on: the envelope's code, message and details as JSON. */
function toolError (error: SvcError): CallToolResult {
  const body = { code: error.code, error: error.message, ...(error.details ? { details: error.details } : {}) }
  return { isError: true, content: [{ type: 'text', text: JSON.stringify(body) }] }
}

/**
 * `tools/call`: the tool's operation runs through the same pipeline as dispatch, with the
 * arguments as its params (`confirm: true` among them for a destructive tool), and is audited
 * with the channel `mcp` and the tool name. A name that is no operation is a protocol error.
 */
export async function callTool (runtime: ControlPlaneRuntime, identity: Identity, request: CallToolRequest['params']): Promise<CallToolResult> {
  const target = operationOfTool(request.name)
  const operation = target && runtime.registry.get(target.resource, target.action)
  if (!target || !operation) {
    throw new McpError(ErrorCode.InvalidParams, `unknown tool "${request.name}"; tools/list names the tools this key may call`)
  }
  const outcome = await executeOperation(runtime, identity, {
    ...target,
    params: request.arguments ?? {},
    confirmed: false,
    channel: 'mcp',
    tool: request.name,
  })
  if (!outcome.ok) return toolError(outcome.error)
  const structuredContent = structuredContentOf(operation, outcome.data)
  return {
    content: [{ type: 'text', text: JSON.stringify(structuredContent) }],
    structuredContent,
    _meta: { [CHANGED_META_KEY]: outcome.changed },
  }
}
