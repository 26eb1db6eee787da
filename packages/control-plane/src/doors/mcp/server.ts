import { ProtocolError, ProtocolErrorCode, Server, type CacheHint, type CallToolRequest, type ServerContext } from '@modelcontextprotocol/server'
import type { ControlPlaneRuntime } from '../../kernel/runtime.ts'
import type { Identity } from '../../kernel/access/door-auth.ts'
import type { Operation } from '../../kernel/registry/define-operation.ts'
import { PRODUCT_VERSION } from '../../platform/version.ts'
import { runnableOperations } from './runnable-operations.ts'
import { toolOf } from './tools.ts'
import { callTool, type ToolCall } from './call-tool.ts'
import { listResources, MANIFEST_URI, readResource } from './manifest-resource.ts'
import { operationResources, operationResourceTemplates, readOperationResource } from './operation-resources.ts'
import { getOperationPrompt, operationPrompts, promptOperation } from './operation-prompts.ts'
import { getPrompt, listPrompts } from './prompts.ts'
import { ALL_TOOLS } from './tool-scope.ts'
import { callCompactTool, COMPACT_TOOLS } from './compact-tools.ts'
import type { ToolScope } from './tool-scope.ts'
import type { JobFollowers } from './job-progress.ts'
import { resourceIcons, SERVER_ICONS } from './icons.ts'
import { SharedParamDescriptions } from './shared-param-descriptions.ts'
import { CONFIRMATION_TTL_MS } from './confirmation-state.ts'

const INSTRUCTIONS = [
  'Every operation of this site\'s control plane is a tool named resource-action (crm-create runs crm.create).',
  'A destructive tool (destructiveHint) runs only with confirm: true among its arguments, and only once a person accepts it through the client (or an administrator approves it when the client cannot ask).',
  'A refused call is a tool result with isError: true whose text is JSON {code, error, details, request_id}.',
  'A tool that changes state takes an idempotency_key argument (or _meta.idempotency_key): a retry with the same key and arguments returns the first result without running again.',
  `${MANIFEST_URI} describes every operation of the installed version.`,
].join(' ')

/**
 * The 2026-07-28 cache hints. Lists and the manifest depend on the caller's key, so only the
 * client may cache them (`private`); for a minute, so a module switched off, a key's scopes
 * narrowed or a new version installed reach the client soon.
 */
export const MCP_CACHE_HINT: CacheHint = { ttlMs: 60_000, cacheScope: 'private' }

/** Which endpoint a request came in by, as the route established it. */
export interface McpDoor {
  requestId: string | null
  scope: ToolScope
  /** The compact door: three tools (find, describe, run) in front of the operations. */
  compact: boolean
  /**
   * Where the answer may become an event stream (2026-07-28), the runtime's calls that follow their
   * job's progress. Null on the 2025 leg, which answers JSON alone, so progress would be lost.
   */
  following: JobFollowers | null
  /** The param descriptions the instructions give once (built once per runtime: the registry does not change). */
  shared: SharedParamDescriptions
}

/**
 * The SDK's protocol layer answers a handler's exception with its message; anything but a
 * ProtocolError is a bug whose message may carry internals, so it is logged and answered plainly.
 */
function guarded<Args extends unknown[], Result> (runtime: ControlPlaneRuntime, handler: (...args: Args) => Promise<Result> | Result) {
  return async (...args: Args): Promise<Result> => {
    try {
      return await handler(...args)
    } catch (error) {
      if (error instanceof ProtocolError) throw error
      runtime.log('unexpected error in an MCP request', error)
      throw new ProtocolError(ProtocolErrorCode.InternalError, 'internal error')
    }
  }
}

/**
 * One MCP server for one HTTP request of one caller, for either protocol era: the low-level SDK
 * `Server` (which 2.x marks deprecated in favour of `McpServer`), because the tools are the
 * registry's operations with the registry's JSON Schemas, validated by the dispatch pipeline
 * rather than by the SDK.
 */
export function createMcpServer (runtime: ControlPlaneRuntime, identity: Identity, door: Partial<McpDoor> = {}): Server {
  const { requestId = null, scope = ALL_TOOLS, compact = false, following = null } = door
  const shared = door.shared ?? new SharedParamDescriptions(runtime.registry.all())
  const server = new Server(
    { name: 'svc-control-plane', title: 'svc control plane', version: PRODUCT_VERSION, icons: SERVER_ICONS },
    {
      // Lists change when a module is switched or a key or grant revoked: change streams (GET, subscriptions/listen) tell the client.
      capabilities: { tools: { listChanged: true }, resources: { subscribe: true }, prompts: { listChanged: true } },
      instructions: [INSTRUCTIONS, shared.instructions()].filter(Boolean).join(' '),
      // A 2025-era client's person has as long to answer elicitation/create as the sealed question lives.
      inputRequired: { roundTimeoutMs: CONFIRMATION_TTL_MS },
      cacheHints: { 'tools/list': MCP_CACHE_HINT, 'prompts/list': MCP_CACHE_HINT, 'resources/list': MCP_CACHE_HINT, 'resources/templates/list': MCP_CACHE_HINT, 'resources/read': MCP_CACHE_HINT, 'server/discover': MCP_CACHE_HINT },
    },
  )
  const runnable = () => runnableOperations(runtime, identity, scope)
  // The package's prompts name tools, which the compact door does not list; an operation's own resource or prompt names none.
  const listedAsTools = (operations: Operation[]) => compact ? [] : operations
  const toolCall = (request: CallToolRequest, ctx: ServerContext): ToolCall =>
    ({ identity, request: request.params, ctx, requestId, scope, following, initialized: server.getClientCapabilities() })
  if (compact) {
    server.setRequestHandler('tools/list', () => ({ tools: [...COMPACT_TOOLS] }))
    server.setRequestHandler('tools/call', guarded(runtime, (request, ctx) => callCompactTool(runtime, toolCall(request, ctx))))
  } else {
    // Icons only on a toolset URL's few tools: on every tool of /mcp they would cost each agent's context more than they show.
    const listed = scope.resources === null
      ? (operation: Operation) => shared.lean(toolOf(operation))
      : (operation: Operation) => ({ ...shared.lean(toolOf(operation)), icons: resourceIcons(runtime.resourceIcons, operation.resource) })
    server.setRequestHandler('tools/list', guarded(runtime, async () => ({ tools: (await runnable()).map(listed) })))
    server.setRequestHandler('tools/call', guarded(runtime, (request, ctx) => callTool(runtime, toolCall(request, ctx))))
  }
  // The manifest, and the operations that are also resources (`mcp.resource`) this caller may run.
  server.setRequestHandler('resources/list', guarded(runtime, async () => ({ resources: [...listResources(runtime, identity), ...operationResources(await runnable())] })))
  // An empty list, not -32601, tells a client no resource is addressed by a template.
  server.setRequestHandler('resources/templates/list', guarded(runtime, async () => ({ resourceTemplates: operationResourceTemplates(await runnable()) })))
  server.setRequestHandler('resources/read', guarded(runtime, async ({ params: { uri } }) => uri === MANIFEST_URI
    ? await readResource(runtime, identity, uri)
    : await readOperationResource(runtime, identity, await runnable(), uri, requestId)))
  // Stateless: nothing to remember; every change stream hears of the manifest.
  server.setRequestHandler('resources/subscribe', () => ({}))
  server.setRequestHandler('resources/unsubscribe', () => ({}))
  // The package's prompts, and the operations that are also prompts (`mcp.prompt`) this caller may run.
  server.setRequestHandler('prompts/list', guarded(runtime, async () => {
    const operations = await runnable()
    return { prompts: [...listPrompts(listedAsTools(operations)), ...operationPrompts(operations)] }
  }))
  server.setRequestHandler('prompts/get', guarded(runtime, async ({ params: { name, arguments: args = {} } }) => {
    const operations = await runnable()
    const operation = promptOperation(operations, name)
    return operation ? await getOperationPrompt(runtime, identity, operation, args, requestId) : getPrompt(listedAsTools(operations), name)
  }))
  return server
}
