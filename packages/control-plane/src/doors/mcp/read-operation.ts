import type { ControlPlaneRuntime } from '../../kernel/runtime.ts'
import type { Identity } from '../../kernel/access/door-auth.ts'
import type { Operation } from '../../kernel/registry/define-operation.ts'
import { callOperation, type CallOutcome } from '../../kernel/pipeline/call-operation.ts'
import { toolName } from './tool-name.ts'
import { MCP_DOOR } from './door.ts'

/**
 * A read-only operation run for an MCP resource read or prompt get: the same pipeline as its
 * tool (params, capability, module switch, rate limit), audited with the channel `mcp` and its
 * tool name. It carries no idempotency key, so nothing is stored or replayed.
 */
export async function readOperation (runtime: ControlPlaneRuntime, identity: Identity, operation: Operation, params: Record<string, unknown>, requestId: string | null): Promise<CallOutcome> {
  const call = { resource: operation.resource, action: operation.action, operation, params, confirm: false, door: MCP_DOOR, tool: toolName(operation), requestId }
  const answer = await callOperation(runtime, identity, call, { frame: () => { throw new Error('a read without an idempotency key is never stored') } })
  if (answer.replayed) throw new Error('a read without an idempotency key is never replayed')
  return answer.outcome
}
