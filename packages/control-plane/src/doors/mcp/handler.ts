import { createMcpHandler, isLegacyRequest, type AuthInfo } from '@modelcontextprotocol/server'
import { toNodeHandler, type NodeMcpRequestHandler } from '@modelcontextprotocol/node'
import type { ControlPlaneRuntime } from '../../kernel/runtime.ts'
import type { Identity } from '../../kernel/access/door-auth.ts'
import { createMcpServer, type McpDoor } from './server.ts'
import { changeEventBus } from './change-events.ts'
import { JobFollowers } from './job-progress.ts'
import { LegacyChangeStreams } from './legacy-change-stream.ts'
import { SharedParamDescriptions } from './shared-param-descriptions.ts'
import { LegacyDoor } from './legacy-door.ts'
import { jsonRpcFailureResponse } from './json-rpc-failure.ts'
import { SvcError } from '../../platform/errors/errors.ts'

/** What the route has established about a request, handed to the server it gets. */
export interface McpCaller extends Omit<McpDoor, 'following' | 'shared'> {
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
 * The MCP endpoint for both protocol eras. 2026-07-28 requests (a `_meta` envelope,
 * `Mcp-Method`/`Mcp-Name` headers checked against the body by the SDK) go to the SDK's modern
 * handler, stateless; 2025-era requests (`initialize`, then requests without an envelope) to the
 * legacy door (legacy-door.ts): a fresh server per POST on the SDK's Streamable HTTP transport,
 * answering JSON (the SDK's own stateless fallback would answer event streams), with a session
 * only for a client that can ask its person to confirm a destructive call. The change streams —
 * `subscriptions/listen` (modern, the SDK's) and `GET` (2025) — are fed by the runtime's change
 * feed and end when it closes (the runtime's `stop()`), as do the calls waiting for a person and
 * those following a job's progress.
 */
export function mcpHandler (runtime: ControlPlaneRuntime): NodeMcpRequestHandler {
  const maxRequestBodySize = runtime.options.maxBodyBytes
  // The SDK reports here what it refused (a header contradicting the body, say) and what failed outside a handler.
  const onerror = (error: Error) => { runtime.log('MCP request refused or failed in the transport', error) }
  const shared = new SharedParamDescriptions(runtime.registry.all())
  const followers = new JobFollowers()
  const serverFor = (authInfo: AuthInfo | undefined, following: JobFollowers | null = null) => {
    const { identity, requestId, scope, compact } = callerOf(authInfo)
    return createMcpServer(runtime, identity, { requestId, scope, compact, following, shared })
  }
  const modern = createMcpHandler(ctx => serverFor(ctx.authInfo, followers), { legacy: 'reject', maxRequestBodySize, onerror, bus: changeEventBus(runtime.changes) })
  // The calls following a job answer first: closing the handler would drop their answers.
  runtime.changes.onClose(async () => {
    await followers.endAll()
    await modern.close()
  })
  const changeStreams = new LegacyChangeStreams(runtime.changes)
  const legacy = new LegacyDoor(runtime, maxRequestBodySize)
  return toNodeHandler({
    fetch: async (request, options = {}) => {
      if (request.method === 'GET') return await changeStreams.serve(serverFor(options.authInfo), request)
      if (!await isLegacyRequest(request, undefined, { maxRequestBodySize })) return await modern.fetch(request, options)
      const caller = callerOf(options.authInfo)
      try {
        return await legacy.serve(request, options, { identity: caller.identity, server: () => serverFor(options.authInfo) })
      } catch (error) {
        // A session the door cannot serve is refused as the endpoint refuses anything before the server.
        if (error instanceof SvcError) return jsonRpcFailureResponse(error, caller.requestId)
        throw error
      }
    },
  }, { onerror, maxRequestBodySize })
}
