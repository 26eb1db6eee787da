import { ProtocolError, ProtocolErrorCode, type CallToolRequestParams, type CallToolResult, type InputRequiredResult, type Tool } from '@modelcontextprotocol/server'
import { z } from 'zod'
import type { ControlPlaneRuntime } from '../../kernel/runtime.ts'
import { paramsJsonSchema } from '../../kernel/registry/manifest.ts'
import { callTool, type ToolCall } from './call-tool.ts'
import { runnableOperations } from './runnable-operations.ts'
import { searchOperations } from './operation-search.ts'
import { toolName } from './tool-name.ts'
import { toolOf } from './tools.ts'

const SEARCH = 'search_operations'
const DESCRIBE = 'describe_operation'
const RUN = 'run_operation'

const searchArguments = z.strictObject({
  query: z.string().max(200).optional(),
  resource: z.string().max(64).optional(),
  read_only: z.boolean().optional(),
})
const describeArguments = z.strictObject({ tool: z.string().max(130) })
const runArguments = z.strictObject({ tool: z.string().max(130), arguments: z.record(z.string(), z.unknown()).optional() })

/**
 * The compact door's three tools, for agents that cannot spend tens of kilobytes of context on
 * every operation: find an operation, read its input schema, run it. `run_operation` takes the
 * same pipeline, scopes, confirmations and idempotency keys as the operation's own tool.
 */
export const COMPACT_TOOLS: readonly Tool[] = [{
  name: SEARCH,
  description: 'Find the operations you may run: words to match (e.g. "delete crm"), a resource (crm, users, …), read_only. Lists tool names with their summaries.',
  inputSchema: { type: 'object', properties: { query: { type: 'string' }, resource: { type: 'string' }, read_only: { type: 'boolean' } }, additionalProperties: false },
  outputSchema: { type: 'object', properties: { operations: { type: 'array' }, more: { type: 'integer' } } },
  annotations: { readOnlyHint: true, openWorldHint: false },
}, {
  name: DESCRIBE,
  description: 'The input schema and annotations of one operation, by the tool name search_operations gave.',
  inputSchema: { type: 'object', properties: { tool: { type: 'string' } }, required: ['tool'], additionalProperties: false },
  outputSchema: { type: 'object', properties: { tool: { type: 'string' }, input_schema: { type: 'object' }, annotations: { type: 'object' } } },
  annotations: { readOnlyHint: true, openWorldHint: false },
}, {
  name: RUN,
  description: 'Run one operation with its arguments (as describe_operation gives them). Destructive ones need confirm: true among them and a person\'s accept. Its result is the operation\'s.',
  inputSchema: { type: 'object', properties: { tool: { type: 'string' }, arguments: { type: 'object' } }, required: ['tool'], additionalProperties: false },
  annotations: { openWorldHint: true },
}]

function parsed<Schema extends z.ZodType> (schema: Schema, request: CallToolRequestParams): z.output<Schema> {
  const result = schema.safeParse(request.arguments ?? {})
  if (!result.success) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `invalid arguments for ${request.name}: ${result.error.issues.map(issue => `${issue.path.join('.') || '(root)'} ${issue.message}`).join('; ')}`)
  return result.data
}

const structured = (data: Record<string, unknown>): CallToolResult => ({ content: [{ type: 'text', text: JSON.stringify(data) }], structuredContent: data })

/** A `tools/call` on the compact door: one of its three tools, the third through `callTool` with everything the door received. */
export async function callCompactTool (runtime: ControlPlaneRuntime, toolCall: ToolCall): Promise<CallToolResult | InputRequiredResult> {
  const { identity, request, scope } = toolCall
  if (request.name === RUN) {
    const { tool, arguments: args } = parsed(runArguments, request)
    return await callTool(runtime, { ...toolCall, request: { ...request, name: tool, arguments: args ?? {} } })
  }
  const runnable = await runnableOperations(runtime, identity, scope)
  if (request.name === SEARCH) {
    const { matches, more } = searchOperations(runnable, parsed(searchArguments, request))
    return structured({ operations: matches.map(operation => ({ tool: toolName(operation), summary: operation.summary })), more })
  }
  if (request.name === DESCRIBE) {
    const { tool } = parsed(describeArguments, request)
    const operation = runnable.find(candidate => toolName(candidate) === tool)
    if (!operation) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `unknown tool "${tool}"; search_operations names the tools this key may run`)
    return structured({ tool, description: operation.description, input_schema: paramsJsonSchema(operation), annotations: toolOf(operation).annotations ?? {} })
  }
  throw new ProtocolError(ProtocolErrorCode.InvalidParams, `unknown tool "${request.name}"; this compact endpoint has ${COMPACT_TOOLS.map(tool => tool.name).join(', ')}`)
}
