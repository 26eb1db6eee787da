import type { Request, Response } from 'express'
import type { AuthInfo } from '@modelcontextprotocol/server'
import type { NodeMcpRequestHandler } from '@modelcontextprotocol/node'
import type { ControlPlaneRuntime } from '../../kernel/runtime.ts'
import { authorizeRequest } from '../http/caller.ts'
import { MCP_DOOR } from './door.ts'
import { assertCapabilityOutsideOperation } from '../../kernel/pipeline/capability-outside-operation.ts'
import { notFound } from '../../platform/errors/errors.ts'
import { requestIdOf } from '../../platform/http/request-id.ts'
import { authInfoOf } from './handler.ts'
import { parseToolsets, type ToolScope } from './tool-scope.ts'
import type { StreamQuota } from './stream-quota.ts'

/** What serves the MCP URLs of one runtime: the SDK handler and the per-key bound on change streams. */
export interface McpEndpoint {
  handler: NodeMcpRequestHandler
  streams: StreamQuota
}

/** A change stream: 2025's `GET`, or 2026-07-28's `subscriptions/listen` (whose `Mcp-Method` the SDK holds to the body). */
const opensChangeStream = (req: Request) => req.method === 'GET' || req.get('mcp-method')?.trim() === 'subscriptions/listen'

/** How an MCP URL narrows the tools: `toolsets` is the raw `/x/{toolsets}` segment, if any. */
export interface McpUrlScope {
  toolsets: string | null
  readOnly: boolean
  /** The compact door: three tools (find, describe, run) in front of the operations. */
  compact: boolean
}

function toolScopeOf (runtime: ControlPlaneRuntime, url: McpUrlScope): ToolScope {
  if (url.toolsets === null) return { resources: null, readOnly: url.readOnly }
  const known = new Set(runtime.registry.all().map(operation => operation.resource))
  const { resources, unknown } = parseToolsets(url.toolsets, known)
  if (resources.size === 0) throw notFound('name at least one toolset (a resource name) after /mcp/x/')
  if (unknown.length > 0) {
    throw notFound(`no toolset named ${unknown.join(', ')}; a toolset is a resource name`, { unknown, toolsets: [...known].sort() })
  }
  return { resources, readOnly: url.readOnly }
}

/**
 * `POST {base}/mcp` (and its toolset and read-only forms), stateless: every request gets a
 * server of its own, so any instance behind a load balancer can answer any request (a 2025-era
 * session keeps its state in its sealed id; only a person's answer must reach the call that
 * asked: legacy-door.ts); `GET` opens a 2025-era change stream. The key is checked here, before the SDK reads
 * the body, and so is the key's bound on open change streams.
 */
export async function mcpRoute (runtime: ControlPlaneRuntime, endpoint: McpEndpoint, url: McpUrlScope, req: Request, res: Response): Promise<void> {
  const identity = await authorizeRequest(runtime, req, res, MCP_DOOR, '', false)
  const requestId = requestIdOf(res)
  await assertCapabilityOutsideOperation(runtime, identity, { door: MCP_DOOR, operation: '', requestId })
  const scope = toolScopeOf(runtime, url)
  if (opensChangeStream(req)) endpoint.streams.admit(identity, res)
  const request = req as Request & { auth?: AuthInfo }
  request.auth = authInfoOf({ identity, requestId, scope, compact: url.compact })
  await endpoint.handler(request, res)
}
