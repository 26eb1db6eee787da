import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export type ReceivedRequest = { method: string, url: string, headers: IncomingMessage['headers'], body: string }

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
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', chunk => chunks.push(chunk))
    req.on('end', () => {
      const request = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') }
      received.push(request)
      res.writeHead(statuses.shift() ?? 200, { 'content-type': 'application/json' }).end('{}')
      waiters.shift()?.(request)
    })
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    answerWith: (...next) => { statuses.push(...next) },
    nextRequest: () => {
      const index = awaited++
      if (index < received.length) return Promise.resolve(received[index]!)
      return new Promise(resolve => waiters.push(resolve))
    },
    close: () => new Promise<void>((resolve, reject) => server.close(error => error ? reject(error) : resolve())),
  }
}
