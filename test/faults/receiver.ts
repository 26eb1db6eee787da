import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'

export type ForwardReceiver = {
  url: string
  /** Forwards answered 200, by the post id they carried. */
  forwardsByPost: Map<string, number>
  received (): number
  /** Holds every request unanswered until `recover`. */
  hang (): void
  recover (): void
  close (): Promise<void>
}

/** The loopback peer content sources forward to: answers 200, or hangs while told to. */
export function startForwardReceiver (): Promise<ForwardReceiver> {
  const forwardsByPost = new Map<string, number>()
  let hanging = false
  let received = 0
  const held = new Set<ServerResponse>()
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let text = ''
    req.setEncoding('utf8')
    req.on('data', chunk => { text += chunk })
    req.on('end', () => {
      received++
      if (hanging) { held.add(res); return }
      try {
        const id = String((JSON.parse(text) as { post?: { id?: unknown } }).post?.id)
        forwardsByPost.set(id, (forwardsByPost.get(id) ?? 0) + 1)
      } catch { /* counted as received only */ }
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}')
    })
  })
  return new Promise(resolve => server.listen(0, '127.0.0.1', () => {
    const address = server.address()
    const port = typeof address === 'object' && address ? address.port : 0
    resolve({
      url: `http://127.0.0.1:${port}/forwards`,
      forwardsByPost,
      received: () => received,
      hang: () => { hanging = true },
      recover: () => {
        hanging = false
        // The sender gave up on these (timeout) and retries: they never count as delivered.
        for (const res of held) res.destroy()
        held.clear()
      },
      close: () => new Promise(done => { for (const res of held) res.destroy(); server.closeAllConnections(); server.close(() => done()) }),
    })
  }))
}
