// @svc-provider-independent: the span logger prints what the SDK hands it; every span's content is checked on both providers in opentelemetry.test.ts (runs once, on SQLite).
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import request from 'supertest'
import { ensureBuilt } from '../scripts/lib/build.ts'
import { startBuiltServer, type BuiltServer } from './support/built-server.ts'
import { openPrisma } from './support/database.ts'
import { createAccount } from './support/accounts.ts'
import { BASE } from './support/client.ts'

/**
 * The demo host's span logger (host/otel-console.ts) as docs/observability.md starts it:
 * `SVC_OTEL_CONSOLE=1 npm start`, then one dispatch, read back from what the server printed.
 */
const MINUTE = 60_000
let server: BuiltServer
let quiet: BuiltServer
let key = ''

type SpanLine = { time: number, trace: string, span: string, parent?: string, links?: string[], scope: string, name: string, status: number, attrs?: Record<string, unknown>, duration: number }

/** The JSON lines a server printed, as span records (every other line is left out). */
const spanLines = (output: string): SpanLine[] => output.split('\n').filter(line => line.startsWith('{"time":')).map(line => JSON.parse(line) as SpanLine)

beforeAll(async () => {
  await ensureBuilt({ ui: true })
  server = await startBuiltServer({ env: { SVC_OTEL_CONSOLE: '1' } })
  quiet = await startBuiltServer({ env: { SVC_OTEL_CONSOLE: undefined } })
  const db = openPrisma(server.databaseUrl)
  try {
    key = (await createAccount(db)).key
  } finally {
    await db.$disconnect()
  }
}, 10 * MINUTE)

afterAll(async () => {
  await server?.stop()
  await quiet?.stop()
}, MINUTE)

describe('SVC_OTEL_CONSOLE=1 npm start', () => {
  test('prints each span of a dispatch as one JSON line: the host\'s request span, the call\'s span under it and the handler\'s under that, no secret', async () => {
    const res = await request(server.url).post(`${BASE}/manage/dispatch`).set('Authorization', `Bearer ${key}`)
      .send({ resource: 'variables', action: 'set', params: { name: 'otel.console', value: 1 } })
    expect(res.body.ok).toBe(true)
    const requestId = String(res.headers['request-id'])
    // The request span ends once the response is sent: the line can trail the answer a little.
    let lines = spanLines(server.output())
    for (let tries = 0; tries < 100 && !lines.some(line => line.name === 'http request' && line.attrs?.['url.path'] === `${BASE}/manage/dispatch`); tries++) {
      await new Promise(resolve => setTimeout(resolve, 50))
      lines = spanLines(server.output())
    }
    const call = lines.find(line => line.name === 'variables.set' && line.attrs?.['svc.request_id'] === requestId)!
    expect(call).toMatchObject({ scope: 'keystone-svc-control-plane', attrs: { 'svc.door': 'dispatch', 'svc.credential.kind': 'api_key', 'svc.outcome': 'ok' } })
    const parent = lines.find(line => line.span === call.parent)!
    expect(parent).toMatchObject({ scope: 'svc-demo-host', name: 'http request', trace: call.trace, attrs: { 'url.path': `${BASE}/manage/dispatch`, 'http.response.status_code': 200 } })
    expect(lines.filter(line => line.parent === call.span).map(line => [line.name, line.trace])).toEqual([['svc.handler', call.trace]])
    for (const line of [call, parent]) {
      expect(typeof line.time).toBe('number')
      expect(typeof line.duration).toBe('number')
    }
    // Only the scopes the logger keeps, and never the key's secret.
    expect(new Set(lines.map(line => line.scope))).toEqual(new Set(['svc-demo-host', 'keystone-svc-control-plane', ...lines.some(line => line.scope === 'keystone') ? ['keystone'] : []]))
    expect(server.output()).not.toContain(key.split('_').at(-1))
  })

  test('without it, the same dispatch prints no span', async () => {
    const db = openPrisma(quiet.databaseUrl)
    const quietKey = await createAccount(db).finally(() => db.$disconnect())
    const res = await request(quiet.url).post(`${BASE}/manage/dispatch`).set('Authorization', `Bearer ${quietKey.key}`)
      .send({ resource: 'variables', action: 'set', params: { name: 'otel.console', value: 1 } })
    expect(res.body.ok).toBe(true)
    expect(spanLines(quiet.output())).toEqual([])
  })
})
