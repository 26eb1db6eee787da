import { WebStandardStreamableHTTPServerTransport, type Server } from '@modelcontextprotocol/server'
import type { ChangeFeed } from '../../platform/change-feed/change-feed.ts'
import { MANIFEST_URI } from './manifest-resource.ts'

/**
 * The 2025-era change stream: `GET` on the endpoint opens the Streamable HTTP transport's
 * standalone event stream, on which the server sends `notifications/tools/list_changed`,
 * `notifications/prompts/list_changed` and `notifications/resources/updated` (the manifest) each
 * time the feed hears of a change. Stateless like the rest of the 2025 door: no session, so a
 * `resources/subscribe` is not remembered and every stream hears of the manifest.
 */
/**
 * The stream with a comment frame first: the response's headers leave with its first bytes, and
 * the transport writes none until a change or its keep-alive, so the client would wait that long
 * to learn that its stream is open.
 */
function opened (response: Response): Response {
  const announce = new TransformStream<Uint8Array, Uint8Array>({ start: controller => { controller.enqueue(new TextEncoder().encode(': open\n\n')) } })
  return new Response(response.body!.pipeThrough(announce), { status: response.status, headers: response.headers })
}

export class LegacyChangeStreams {
  readonly #feed: ChangeFeed
  readonly #open = new Set<() => Promise<void>>()

  constructor (feed: ChangeFeed) {
    this.#feed = feed
    feed.onClose(() => this.closeAll())
  }

  /** Serves one GET with `server` (this request's), which stays connected while the stream lasts. */
  async serve (server: Server, request: Request): Promise<Response> {
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined })
    await server.connect(transport)
    const response = await transport.handleRequest(request)
    if (response.status !== 200 || !response.headers.get('content-type')?.startsWith('text/event-stream')) {
      await server.close()
      return response
    }
    const tell = (send: () => Promise<void>) => { send().catch(() => { void end() }) }
    const unsubscribe = this.#feed.subscribe(() => {
      tell(() => server.sendToolListChanged())
      tell(() => server.sendPromptListChanged())
      tell(() => server.sendResourceUpdated({ uri: MANIFEST_URI }))
    })
    const end = async () => {
      if (!this.#open.delete(end)) return
      unsubscribe()
      request.signal.removeEventListener('abort', onAbort)
      // Closing the server closes its transport, which ends the event stream.
      await server.close()
    }
    const onAbort = () => { void end() }
    this.#open.add(end)
    request.signal.addEventListener('abort', onAbort, { once: true })
    if (request.signal.aborted) await end()
    return opened(response)
  }

  async closeAll (): Promise<void> {
    await Promise.all([...this.#open].map(end => end()))
  }
}
