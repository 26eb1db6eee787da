import { WebStandardStreamableHTTPServerTransport, type McpHandlerRequestOptions, type Server } from '@modelcontextprotocol/server'
import type { ChangeFeed } from '../../platform/change-feed/change-feed.ts'
import { conflict } from '../../platform/errors/errors.ts'
import type { LegacySession } from './legacy-session.ts'
import { QuestionQuota, type Asker } from './question-quota.ts'

/** Our `initialize` in the client's name, from what its session remembers: the client declared form elicitation. */
const replayedInitialize = (url: string, session: LegacySession) => new Request(url, {
  method: 'POST',
  headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
  body: JSON.stringify({
    jsonrpc: '2.0',
    id: 0,
    method: 'initialize',
    params: { protocolVersion: session.protocolVersion, capabilities: { elicitation: { form: {} } }, clientInfo: { name: 'session', version: '0' } },
  }),
})

type Waiting = { server: Server, transport: WebStandardStreamableHTTPServerTransport, release: () => void }

/**
 * The 2025-era calls of this instance that wait for a person: a destructive `tools/call` in a
 * session whose client declared form elicitation is served on the SDK's stateful Streamable HTTP
 * transport, as an event stream on which the server sends `elicitation/create` (the SDK's legacy
 * shim turns the tool's `input_required` into it) and, once the person answered, the result. The
 * client's answer is a POST of its own in the same session, handed to the transport that asked.
 * Each call's server is the one its own request built (its caller, its request id); the session
 * lends it only what the client declared at `initialize`, replayed to it. One question per session
 * at a time: the answer is matched by its JSON-RPC id, which only the asking server knows; and a
 * few per credential and per account (question-quota.ts).
 */
export class WaitingQuestions {
  readonly #waiting = new Map<string, Waiting>()
  readonly #maxRequestBodySize: number | undefined
  readonly #quota = new QuestionQuota()

  constructor (feed: ChangeFeed, maxRequestBodySize?: number) {
    this.#maxRequestBodySize = maxRequestBodySize
    feed.onClose(() => this.closeAll())
  }

  /** Serves `request`, a destructive `tools/call` of `session` by `asker`, with `server` (the request's own). */
  async ask (session: LegacySession, asker: Asker, server: Server, request: Request, options: McpHandlerRequestOptions): Promise<Response> {
    if (this.#waiting.has(session.id)) throw conflict('a question of this session waits for the person\'s answer; call again once it is answered')
    const release = this.#quota.take(asker)
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: () => session.header, maxRequestBodySize: this.#maxRequestBodySize })
    const waiting: Waiting = { server, transport, release }
    this.#waiting.set(session.id, waiting)
    const end = async () => {
      request.signal.removeEventListener('abort', onAbort)
      if (this.#waiting.get(session.id) === waiting) this.#waiting.delete(session.id)
      release()
      await server.close()
    }
    const onAbort = () => { void end() }
    try {
      await server.connect(transport)
      await (await transport.handleRequest(replayedInitialize(request.url, session))).text()
      const response = await transport.handleRequest(request, options)
      if (response.body === null || !response.headers.get('content-type')?.startsWith('text/event-stream')) {
        await end()
        return response
      }
      request.signal.addEventListener('abort', onAbort, { once: true })
      // The transport ends the stream once it sent the result: the call is over, and so is its server.
      const ended = new TransformStream<Uint8Array, Uint8Array>({ flush: end })
      return new Response(response.body.pipeThrough(ended), { status: response.status, headers: response.headers })
    } catch (error) {
      await end()
      throw error
    }
  }

  /** Hands the client's answer (a POST of JSON-RPC responses in `session`) to the server that asked it. */
  async answer (session: LegacySession, request: Request, options: McpHandlerRequestOptions): Promise<Response> {
    const waiting = this.#waiting.get(session.id)
    if (!waiting) {
      throw conflict('no question of this session waits on this instance: it was answered, timed out, or waits on another instance (route a session\'s requests by Mcp-Session-Id)')
    }
    return await waiting.transport.handleRequest(request, options)
  }

  /** Ends every waiting call (the runtime's `stop()`): its stream closes, and nothing runs. */
  async closeAll (): Promise<void> {
    const waiting = [...this.#waiting.values()]
    this.#waiting.clear()
    for (const { release } of waiting) release()
    await Promise.all(waiting.map(({ server }) => server.close()))
  }
}
