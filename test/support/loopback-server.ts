import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http'
import { once } from 'node:events'
import type { AddressInfo } from 'node:net'

export type RecordedRequest = { method: string, url: string, headers: IncomingHttpHeaders }

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
