import type { IncomingMessage } from 'node:http'
import { startLoopbackServer } from './loopback-server.ts'

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
