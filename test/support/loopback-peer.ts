import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { once } from 'node:events'
import { createServer as createNetServer, type AddressInfo } from 'node:net'

/**
 * The test's server keeps an idle connection open longer than fetch's pool does (undici drops its
 * own after about 4 s). With Node's 5 s default, a loaded machine could reuse a pooled connection
 * in the moment the server closed it, and the request failed with ECONNRESET.
 */
export function outlastClientKeepAlive<T extends Server> (server: T): T {
  server.keepAliveTimeout = 65_000
  return server
}

type RecordedRequest = { method: string, url: string, headers: IncomingHttpHeaders }

export type LoopbackServer = {
  /** `http://127.0.0.1:<port>` */
  url: string
  requests: RecordedRequest[]
  close (): Promise<void>
}

/** Another system on loopback: a real HTTP server that records each request and answers with `handler`. */
export async function startLoopbackServer (handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<LoopbackServer> {
  const requests: RecordedRequest[] = []
  const server = createServer((req, res) => {
    requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers })
    handler(req, res)
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    async close () {
      // Keep-alive sockets would otherwise hold the test process open after the suite.
      server.closeAllConnections()
      await new Promise(resolve => server.close(resolve))
    },
  }
}

export function answerJson (res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
}

type ReceivedRequest = { method: string, url: string, headers: IncomingHttpHeaders, body: string }

/** Another system on loopback: records every request and answers with the statuses queued for it (200 when none). */
export type HttpPeer = {
  url: string
  received: ReceivedRequest[]
  /** The next answers, in order. */
  answerWith: (...statuses: number[]) => void
  /** Resolves with the next request that arrives (or the first one not yet awaited). */
  nextRequest: () => Promise<ReceivedRequest>
  close: () => Promise<void>
}

export async function startHttpPeer (): Promise<HttpPeer> {
  const received: ReceivedRequest[] = []
  const statuses: number[] = []
  const waiters: ((request: ReceivedRequest) => void)[] = []
  let awaited = 0
  const server = await startLoopbackServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', chunk => chunks.push(chunk))
    req.on('end', () => {
      const request = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') }
      received.push(request)
      res.writeHead(statuses.shift() ?? 200, { 'content-type': 'application/json' }).end('{}')
      waiters.shift()?.(request)
    })
  })
  return {
    url: server.url,
    received,
    answerWith: (...next) => { statuses.push(...next) },
    nextRequest: () => {
      const index = awaited++
      if (index < received.length) return Promise.resolve(received[index]!)
      return new Promise(resolve => waiters.push(resolve))
    },
    close: () => server.close(),
  }
}

/** A loopback port nobody listens on now, for a server that must know its own address before it listens. */
export function freePort (): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createNetServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')))
    })
  })
}
