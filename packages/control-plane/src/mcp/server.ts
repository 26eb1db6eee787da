import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import {
  CallToolRequestSchema,
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js'
import type { ControlPlaneRuntime } from '../runtime.ts'
import type { Identity } from '../auth/identity.ts'
import { PRODUCT_VERSION } from '../version.ts'
import { runnableOperations } from './runnable-operations.ts'
import { toolOf } from './tools.ts'
import { callTool } from './call-tool.ts'
import { listResources, MANIFEST_URI, readResource } from './manifest-resource.ts'
import { getPrompt, listPrompts } from './prompts.ts'

const INSTRUCTIONS = [
  'Every operation of this site\'s control plane is a tool named resource-action (crm-create runs crm.create).',
  'A destructive tool (destructiveHint) runs only with confirm: true among its arguments.',
  'A refused call is a tool result with isError: true whose text is JSON {code, error, details, request_id}.',
  'A tool that changes state takes an idempotency_key argument (or _meta.idempotency_key): a retry with the same key and arguments returns the first result without running again.',
  `${MANIFEST_URI} describes every operation of the installed version.`,
].join(' ')

/**
 * The SDK's protocol layer answers a handler's exception with its message; anything but an
 * McpError is a bug whose message may carry internals, so it is logged and answered plainly.
 */
function guarded<Args extends unknown[], Result> (runtime: ControlPlaneRuntime, handler: (...args: Args) => Promise<Result> | Result) {
  return async (...args: Args): Promise<Result> => {
    try {
      return await handler(...args)
    } catch (error) {
      if (error instanceof McpError) throw error
      runtime.log('unexpected error in an MCP request', error)
      throw new McpError(ErrorCode.InternalError, 'internal error')
    }
  }
}

/**
 * One MCP server for one HTTP request of one caller: the low-level SDK `Server`, because the tools
 * are the registry's operations with the registry's JSON Schemas, validated by the dispatch
 * pipeline rather than by the SDK.
 */
export function createMcpServer (runtime: ControlPlaneRuntime, identity: Identity, requestId: string | null = null): Server {
  const server = new Server(
    { name: 'svc-control-plane', title: 'svc control plane', version: PRODUCT_VERSION },
    { capabilities: { tools: {}, resources: {}, prompts: {} }, instructions: INSTRUCTIONS },
  )
  server.setRequestHandler(ListToolsRequestSchema, guarded(runtime, async () =>
    ({ tools: (await runnableOperations(runtime, identity)).map(toolOf) })))
  server.setRequestHandler(CallToolRequestSchema, guarded(runtime, request => callTool(runtime, identity, request.params, requestId)))
  server.setRequestHandler(ListResourcesRequestSchema, guarded(runtime, () => ({ resources: listResources(runtime, identity) })))
  server.setRequestHandler(ReadResourceRequestSchema, guarded(runtime, request => readResource(runtime, identity, request.params.uri)))
  server.setRequestHandler(ListPromptsRequestSchema, guarded(runtime, async () =>
    ({ prompts: listPrompts(await runnableOperations(runtime, identity)) })))
  server.setRequestHandler(GetPromptRequestSchema, guarded(runtime, async request =>
    getPrompt(await runnableOperations(runtime, identity), request.params.name)))
  return server
}
