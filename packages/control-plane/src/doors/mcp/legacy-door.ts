import {
  isInitializeRequest,
  isJSONRPCResponse,
  readRequestBody,
  WebStandardStreamableHTTPServerTransport,
  type McpHandlerRequestOptions,
  type Server,
} from '@modelcontextprotocol/server'
import type { ControlPlaneRuntime } from '../../kernel/runtime.ts'
import type { Identity } from '../../kernel/access/door-auth.ts'
import { notFound } from '../../platform/errors/errors.ts'
import { callerOf } from '../../platform/idempotency/idempotency-key.ts'
import { operationNamedByTool } from './tool-name.ts'
import { declaresFormElicitation } from './person-confirmation.ts'
import { issueLegacySession, openLegacySession } from './legacy-session.ts'
import { WaitingQuestions } from './waiting-questions.ts'

/** The session header of Streamable HTTP (2025-era revisions). */
const SESSION_HEADER = 'mcp-session-id'

/** The request's JSON body, read from a copy; undefined when it is none (the transport answers that itself). */
async function jsonBodyOf (request: Request, maxRequestBodySize: number | undefined): Promise<unknown> {
  try {
    const body = await readRequestBody(request.clone(), maxRequestBodySize)
    return body.tooLarge ? undefined : JSON.parse(body.text) as unknown
  } catch {
    return undefined
  }
}

/** The revision an `initialize` asks for, when its client declared form elicitation (so its person can be asked). */
function elicitingInitialize (body: unknown): string | undefined {
  if (!isInitializeRequest(body)) return undefined
  return declaresFormElicitation(body.params.capabilities) ? body.params.protocolVersion : undefined
}

/** A POST of the client's answers: JSON-RPC responses alone. */
const answersOnly = (body: unknown): boolean =>
  Array.isArray(body) ? body.length > 0 && body.every(message => isJSONRPCResponse(message)) : isJSONRPCResponse(body)

/** The response with the session id the client sends on its next requests. */
function withSession (response: Response, header: string): Response {
  const headers = new Headers(response.headers)
  headers.set(SESSION_HEADER, header)
  return new Response(response.body, { status: response.status, headers })
}

/** What the door needs of a request's caller: whose it is, and the server built for it. */
export type LegacyCaller = { identity: Identity, server: () => Server }

/**
 * The 2025-era leg of the endpoint. Every request is served statelessly — a fresh server per
 * POST, JSON answers — but a client that declares form elicitation at `initialize` gets an
 * `Mcp-Session-Id` (sealed, bound to its key: legacy-session.ts). In that session a `tools/call`
 * of a destructive tool waits for the client's person (waiting-questions.ts), and the POST that
 * carries the person's answer goes to the call that asked. A session id this key was not issued,
 * or one past its day, is `404`, as the protocol has it. A client that declares no elicitation
 * gets no session and, for a destructive tool, the administrator's approval, as before.
 */
export class LegacyDoor {
  readonly #runtime: ControlPlaneRuntime
  readonly #maxRequestBodySize: number | undefined
  readonly #questions: WaitingQuestions

  constructor (runtime: ControlPlaneRuntime, maxRequestBodySize?: number) {
    this.#runtime = runtime
    this.#maxRequestBodySize = maxRequestBodySize
    this.#questions = new WaitingQuestions(runtime.changes, maxRequestBodySize)
  }

  async serve (request: Request, options: McpHandlerRequestOptions, caller: LegacyCaller): Promise<Response> {
    const body = await jsonBodyOf(request, this.#maxRequestBodySize)
    const served = body === undefined ? options : { ...options, parsedBody: body }
    const { secrets } = this.#runtime
    const credential = callerOf(caller.identity)
    const now = this.#runtime.options.now()
    const protocolVersion = elicitingInitialize(body)
    if (protocolVersion !== undefined) {
      const response = await this.#stateless(caller.server(), request, served)
      return response.ok ? withSession(response, issueLegacySession(secrets, credential, protocolVersion, now)) : response
    }
    const header = request.headers.get(SESSION_HEADER)
    if (header === null) return await this.#stateless(caller.server(), request, served)
    const session = openLegacySession(secrets, credential, header, now)
    if (!session) throw notFound('Session not found: this key was issued no such MCP session, or it expired; initialize again')
    if (answersOnly(body)) return await this.#questions.answer(session, request, served)
    if (this.#asksPerson(body)) return await this.#questions.ask(session, { credential, account: caller.identity.account.id }, caller.server(), request, served)
    return await this.#stateless(caller.server(), request, served)
  }

  /** Whether the request is a `tools/call` of a destructive tool: the one call that may wait for a person. */
  #asksPerson (body: unknown): boolean {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return false
    const { method, params } = body as { method?: unknown, params?: { name?: unknown } }
    if (method !== 'tools/call' || typeof params?.name !== 'string') return false
    return operationNamedByTool(this.#runtime.registry, params.name)?.destructive === true
  }

  /** A fresh server on the SDK's stateless transport, answering JSON. */
  async #stateless (server: Server, request: Request, options: McpHandlerRequestOptions): Promise<Response> {
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true, maxRequestBodySize: this.#maxRequestBodySize })
    await server.connect(transport)
    try {
      return await transport.handleRequest(request, options)
    } finally {
      await server.close()
    }
  }
}
