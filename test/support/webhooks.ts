import { createHmac } from 'node:crypto'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import request from 'supertest'
import type { Express } from 'express'
import { Webhook } from 'standardwebhooks'
import { BASE, seenBodies } from './client.ts'

/** POSTs a raw delivery body to a source's ingest endpoint, as an outside sender would. */
export async function deliver (app: Express | string, slug: string, body: string | object, headers: Record<string, string> = {}) {
  const raw = typeof body === 'string' ? body : JSON.stringify(body)
  const req = request(app).post(`${BASE}/ingest/${slug}`).set('Content-Type', 'application/json')
  for (const [name, value] of Object.entries(headers)) req.set(name, value)
  const res = await req.send(raw)
  seenBodies.push(res.text ?? '')
  return res
}

/**
 * Standard Webhooks headers made by the reference implementation (`standardwebhooks` on npm),
 * so the tests prove interoperability rather than agreement with our own signer.
 */
export function standardHeaders (secret: string, id: string, at: Date, body: string | object): Record<string, string> {
  const raw = typeof body === 'string' ? body : JSON.stringify(body)
  const webhook = secret.startsWith('whsec_') ? new Webhook(secret) : new Webhook(secret, { format: 'raw' })
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': webhook.sign(id, at, raw),
  }
}

const hmacKeyOf = (secret: string) => secret.startsWith('whsec_') ? Buffer.from(secret.slice(6), 'base64') : Buffer.from(secret)

/** The old custom scheme, body only (`sha256=<hex HMAC-SHA256 of the body>`): replayable, now refused. */
export function bodyOnlySignature (secret: string, body: string | object): string {
  const raw = typeof body === 'string' ? body : JSON.stringify(body)
  return `sha256=${createHmac('sha256', hmacKeyOf(secret)).update(raw).digest('hex')}`
}

/**
 * The custom scheme's headers: `webhook-id`, `webhook-timestamp`, and `header` =
 * `sha256=<hex HMAC-SHA256 of "id.timestamp.body">` keyed with the secret's bytes.
 */
export function customHeaders (secret: string, header: string, id: string, at: Date, body: string | object): Record<string, string> {
  const raw = typeof body === 'string' ? body : JSON.stringify(body)
  const timestamp = String(Math.floor(at.getTime() / 1000))
  return {
    'webhook-id': id,
    'webhook-timestamp': timestamp,
    [header]: `sha256=${createHmac('sha256', hmacKeyOf(secret)).update(`${id}.${timestamp}.${raw}`).digest('hex')}`,
  }
}

export type ReceivedRequest = { headers: IncomingHttpHeaders, body: string }

export type Receiver = {
  url: string
  received: ReceivedRequest[]
  /** Resolves once `count` requests have been answered with 2xx. */
  accepted: (count: number) => Promise<void>
  close: () => Promise<void>
}

/** A real HTTP peer on loopback; `answer` picks the status of each request (by its 1-based number). */
export async function startReceiver (answer: (attempt: number, req: ReceivedRequest) => number = () => 200): Promise<Receiver> {
  const received: ReceivedRequest[] = []
  const waiters: { count: number, resolve: () => void }[] = []
  let acceptedCount = 0
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', chunk => chunks.push(chunk))
    req.on('end', () => {
      const entry = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8') }
      received.push(entry)
      const status = answer(received.length, entry)
      res.statusCode = status
      res.end(status < 300 ? 'ok' : 'not now')
      if (status < 300) acceptedCount++
      for (const waiter of waiters.filter(w => acceptedCount >= w.count)) waiter.resolve()
    })
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    accepted: count => acceptedCount >= count ? Promise.resolve() : new Promise(resolve => waiters.push({ count, resolve })),
    close: () => new Promise(resolve => server.close(() => resolve())),
  }
}
