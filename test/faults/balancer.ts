import { createServer, connect, type Server, type Socket } from 'node:net'

export type Balancer = { url: string, port: number, connections (): number, close (): Promise<void> }

/**
 * A TCP balancer on loopback: each client connection goes to the next upstream port, round robin,
 * with no health check and no retry. An upstream that refuses or dies drops its client's
 * connection, as a plain L4 balancer would; the client decides whether to retry.
 */
export function startBalancer (upstreams: readonly number[]): Promise<Balancer> {
  let turn = 0
  let count = 0
  const open = new Set<Socket>()
  const server: Server = createServer(client => {
    const port = upstreams[turn++ % upstreams.length]!
    count++
    const upstream = connect({ host: '127.0.0.1', port })
    for (const socket of [client, upstream]) {
      open.add(socket)
      socket.once('close', () => open.delete(socket))
    }
    client.pipe(upstream).pipe(client)
    const drop = () => { client.destroy(); upstream.destroy() }
    client.on('error', drop)
    upstream.on('error', drop)
    client.once('close', drop)
    upstream.once('close', drop)
  })
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      if (typeof address !== 'object' || !address) return reject(new Error('no balancer port'))
      resolve({
        url: `http://127.0.0.1:${address.port}`,
        port: address.port,
        connections: () => count,
        close: () => new Promise(done => {
          for (const socket of open) socket.destroy()
          server.close(() => done())
        }),
      })
    })
  })
}
