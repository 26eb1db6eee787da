import {
  createMcpHandler,
  isLegacyRequest,
  WebStandardStreamableHTTPServerTransport,
  type AuthInfo,
  type McpHandlerRequestOptions,
} from '@modelcontextprotocol/server'
import { toNodeHandler, type NodeMcpRequestHandler } from '@modelcontextprotocol/node'
import type { ControlPlaneRuntime } from '../../kernel/runtime.ts'
import type { Identity } from '../../platform/auth/identity.ts'
import { createMcpServer, type McpDoor } from './server.ts'
import { changeEventBus } from './change-events.ts'
import { LegacyChangeStreams } from './legacy-change-stream.ts'
import { SharedParamDescriptions } from './shared-param-descriptions.ts'

/** What the route has established about a request, handed to the server it gets. */
export interface McpCaller extends Omit<McpDoor, 'streams' | 'shared'> {
  identity: Identity
}

/** The SDK carries the caller to the server factory as `authInfo`; ours rides in `extra`. */
export function authInfoOf (caller: McpCaller): AuthInfo {
  return { token: '', clientId: caller.identity.keyId ?? '', scopes: [], extra: { caller } }
}

function callerOf (authInfo: AuthInfo | undefined): McpCaller {
  const caller = authInfo?.extra?.caller as McpCaller | undefined
  // The route sets it on every request; a request without it never got past authentication.
  if (!caller) throw new Error('MCP request without an authenticated caller')
  return caller
}

/**
 * The MCP endpoint for both protocol eras, stateless. 2026-07-28 requests (a `_meta` envelope,
 * `Mcp-Method`/`Mcp-Name` headers checked against the body by the SDK) go to the SDK's modern
 * handler; 2025-era requests (`initialize`, then requests without an envelope) each get a fresh
 * server on the SDK's stateless Streamable HTTP transport. Both answer JSON (nothing here emits
 * progress, so the modern leg never upgrades to a stream); the SDK's own stateless fallback
 * would answer 2025-era requests as event streams, which is why the legacy leg is wired here.
 * The change streams — `subscriptions/listen` (modern, the SDK's) and `GET` (2025) — are fed by
 * the runtime's change feed and end when it closes (the runtime's `stop()`).
 */
export function mcpHandler (runtime: ControlPlaneRuntime): NodeMcpRequestHandler {
  const maxRequestBodySize = runtime.options.maxBodyBytes
  // The SDK reports here what it refused (a header contradicting the body, say) and what failed outside a handler.
  const onerror = (error: Error) => { runtime.log('MCP request refused or failed in the transport', error) }
  const shared = new SharedParamDescriptions(runtime.registry.all())
  const serverFor = (authInfo: AuthInfo | undefined, streams = false) => {
    const { identity, requestId, scope, compact } = callerOf(authInfo)
    return createMcpServer(runtime, identity, { requestId, scope, compact, streams, shared })
  }
  const modern = createMcpHandler(ctx => serverFor(ctx.authInfo, true), { legacy: 'reject', maxRequestBodySize, onerror, bus: changeEventBus(runtime.changes) })
  runtime.changes.onClose(() => modern.close())
  const changeStreams = new LegacyChangeStreams(runtime.changes)
  const legacy = async (request: Request, options: McpHandlerRequestOptions = {}): Promise<Response> => {
    const server = serverFor(options.authInfo)
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true, maxRequestBodySize })
    await server.connect(transport)
    try {
      return await transport.handleRequest(request, options)
    } finally {
      await server.close()
    }
  }
  return toNodeHandler({
    fetch: async (request, options) => {
      if (request.method === 'GET') return await changeStreams.serve(serverFor(options?.authInfo), request)
      return await isLegacyRequest(request, undefined, { maxRequestBodySize }) ? await legacy(request, options) : await modern.fetch(request, options)
    },
  }, { onerror, maxRequestBodySize })
}
