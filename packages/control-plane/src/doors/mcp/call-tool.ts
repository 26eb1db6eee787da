import { ProtocolError, ProtocolErrorCode, type CallToolRequestParams, type ClientCapabilities, type CallToolResult, type InputRequiredResult, type ServerContext } from '@modelcontextprotocol/server'
import type { ControlPlaneRuntime } from '../../kernel/runtime.ts'
import type { Identity } from '../../kernel/access/door-auth.ts'
import type { SvcError } from '../../platform/errors/errors.ts'
import type { Operation } from '../../kernel/registry/define-operation.ts'
import { callOperation, type CallOutcome } from '../../kernel/pipeline/call-operation.ts'
import { operationNamedByTool } from './tool-name.ts'
import { contentOf, structuredContentOf } from './tool-output.ts'
import { ALL_TOOLS, type ToolScope } from './tool-scope.ts'
import { inDoorScope } from '../../kernel/access/visible-operations.ts'
import { callerOf } from '../../platform/idempotency/idempotency-key.ts'
import { confirmationOf, confirmationQuestion, type ToolConfirmation } from './person-confirmation.ts'
import type { JobFollowers } from './job-progress.ts'
import type { JobAnswer } from '../../platform/jobs/job-status.ts'
import { MCP_DOOR } from './door.ts'

/** `_meta` key of a tool result that says whether stored state changed, as `changed` does in the envelope. */
const CHANGED_META_KEY = 'svc/changed'
/** `_meta` key of a tool result given again for a repeated `idempotency_key`, as `Idempotent-Replayed` is over HTTP. */
const REPLAYED_META_KEY = 'svc/idempotent_replayed'
/** `_meta` key of a tool result whose call used something deprecated, as the `Deprecation` and `Sunset` headers say over HTTP. */
const DEPRECATED_META_KEY = 'svc/deprecated'
/** `_meta` key of a tool call pinning a product version, as the `Svc-Version` request header does over HTTP. */
const VERSION_META_KEY = 'svc/version'
/** The argument (or `_meta` key) carrying an idempotency key; taken out before the params are validated. */
const IDEMPOTENCY_ARGUMENT = 'idempotency_key'

/** A refusal the model can read and act on: the envelope's code, message and details as JSON. */
function toolError (error: SvcError, requestId: string | null): CallToolResult {
  const body = { code: error.code, error: error.message, ...(error.details ? { details: error.details } : {}), ...(requestId === null ? {} : { request_id: requestId }) }
  return { isError: true, content: [{ type: 'text', text: JSON.stringify(body) }] }
}

/** The key from `_meta.idempotency_key` or the `idempotency_key` argument, and the arguments without it. */
function splitIdempotencyKey (request: CallToolRequestParams): { key: string | undefined, args: Record<string, unknown> } {
  const { [IDEMPOTENCY_ARGUMENT]: argument, ...args } = request.arguments ?? {}
  const meta = request._meta?.[IDEMPOTENCY_ARGUMENT]
  const given = meta ?? argument
  if (given === undefined) return { key: undefined, args }
  // A non-string key is refused by the well-formedness check, as a malformed header is.
  return { key: typeof given === 'string' ? given : '', args }
}

/** A tool result: the data as `structuredContent` (and as text, for clients that read only that), or the refusal. */
function toolResult (operation: Operation, outcome: CallOutcome, requestId: string | null): CallToolResult {
  if (!outcome.ok) return toolError(outcome.error, requestId)
  const structuredContent = structuredContentOf(operation, outcome.data)
  return {
    content: contentOf(operation, outcome.data, structuredContent),
    structuredContent,
    _meta: { [CHANGED_META_KEY]: outcome.changed },
  }
}

/** One `tools/call` as the MCP door received it, and where from. */
export type ToolCall = {
  identity: Identity
  request: CallToolRequestParams
  ctx: ServerContext
  requestId?: string | null
  /** The URL's toolset. @default every tool */
  scope?: ToolScope
  /** Where the answer may stream (2026-07-28), the runtime's calls that follow their job's progress. @default null */
  following?: JobFollowers | null
  /** What a 2025-era client declared at `initialize`, where the server saw it. */
  initialized?: ClientCapabilities | undefined
}

/**
 * `tools/call`: the tool's operation runs through the same pipeline as dispatch, with the
 * arguments as its params (`confirm: true` among them for a destructive tool), and is audited
 * with the channel `mcp` and the tool name. The model's `confirm` is not a person's: a destructive
 * tool runs only once a person accepted it through the client (`input_required`, answered with a
 * form; on a 2025-era session, `elicitation/create`), or is held for an administrator when the
 * client cannot ask. A name that is no operation,
 * or one outside the URL's toolset, is a protocol error. Where the answer may stream (`following`:
 * 2026-07-28), a tool that starts a job and was given a `progressToken` reports the job's progress
 * and answers once it ended, or once the runtime stops (job-progress.ts).
 */
export async function callTool (runtime: ControlPlaneRuntime, toolCall: ToolCall): Promise<CallToolResult | InputRequiredResult> {
  const { identity, request, ctx, requestId = null, scope = ALL_TOOLS, following = null, initialized } = toolCall
  const operation = operationNamedByTool(runtime.registry, request.name)
  if (!operation || !inDoorScope(scope, operation)) {
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, `unknown tool "${request.name}"; tools/list names the tools this key may call`)
  }
  const { key, args } = splitIdempotencyKey(request)
  const seal = { secrets: runtime.secrets, credential: callerOf(identity), now: runtime.options.now() }
  const { confirmation, idempotencyKey }: ToolConfirmation = operation.destructive
    ? confirmationOf(ctx, seal, request.name, args, initialized)
    : { confirmation: 'flag', idempotencyKey: key }
  const pinnedVersion = request._meta?.[VERSION_META_KEY]
  const call = {
    resource: operation.resource, action: operation.action, operation, params: args, confirm: false, door: MCP_DOOR, tool: request.name, requestId, idempotencyKey, confirmation,
    traceCarrier: request._meta,
    // A pin that is no string is refused as a malformed one.
    pinnedVersion: pinnedVersion === undefined ? undefined : typeof pinnedVersion === 'string' ? pinnedVersion : JSON.stringify(pinnedVersion),
  }
  const answer = await callOperation(runtime, identity, call, {
    frame: outcome => ({ status: outcome.ok ? 200 : outcome.error.status, body: JSON.stringify(toolResult(operation, outcome, requestId)) }),
  })
  const noted = (result: CallToolResult): CallToolResult => answer.deprecated.length === 0 ? result : { ...result, _meta: { ...result._meta, [DEPRECATED_META_KEY]: answer.deprecated } }
  if (!answer.replayed) {
    const { outcome } = answer
    if (!outcome.ok && outcome.error.code === 'person_confirmation_required') return confirmationQuestion(operation, outcome.error.details, seal, request.name, args)
    const progressToken = request._meta?.progressToken
    if (outcome.ok && operation.startsJob && following && progressToken !== undefined) {
      return noted(toolResult(operation, { ...outcome, data: await following.follow(runtime.db, outcome.data as JobAnswer, progressToken, ctx) }, requestId))
    }
    return noted(toolResult(operation, outcome, requestId))
  }
  const result = JSON.parse(answer.response.body) as CallToolResult
  return noted({ ...result, _meta: { ...result._meta, [REPLAYED_META_KEY]: true } })
}
