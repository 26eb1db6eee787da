import { request } from 'node:http'
import type { Json } from '../support/json.ts'

export type Answer = { status: number, body: Json, headers: Record<string, string | string[] | undefined> }

/**
 * One request on a connection of its own (`Connection: close`), so the balancer spreads requests,
 * not keep-alive connections. Rejects on a connection error or after `timeoutMs` without an answer.
 */
export function send (url: string, method: string, path: string, body: unknown, headers: Record<string, string> = {}, timeoutMs = 20_000): Promise<Answer> {
  const raw = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body)
  return new Promise((resolve, reject) => {
    const req = request(`${url}${path}`, {
      method,
      agent: false,
      headers: { Connection: 'close', ...raw === undefined ? {} : { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(raw)) }, ...headers },
    }, res => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', chunk => { text += chunk })
      res.on('end', () => {
        let parsed: unknown = text
        try { parsed = JSON.parse(text) } catch { /* not JSON: kept as text */ }
        resolve({ status: res.statusCode ?? 0, body: parsed, headers: res.headers })
      })
      res.on('error', reject)
    })
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)))
    req.on('error', reject)
    req.end(raw)
  })
}

export const sleep = (ms: number) => new Promise(resolve => setTimeout(resolve, ms))
