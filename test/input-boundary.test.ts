import { describe, expect, test } from '@jest/globals'
import { gzipSync } from 'node:zlib'
import request from 'supertest'
import { useTestServer } from './support/in-process-server.ts'
import { BASE, getWithKey } from './support/client.ts'
import { deliver } from './support/webhooks.ts'
import { findInputIssue, jsonTextTooDeep, MAX_JSON_DEPTH } from '../packages/control-plane/src/platform/lib/input-boundary.ts'
import { leads } from '../packages/control-plane/src/resources/leads/index.ts'
import { PRODUCT_VERSION } from '../packages/control-plane/src/platform/version.ts'

const nest = (depth: number) => '['.repeat(depth) + ']'.repeat(depth)

const plane = useTestServer({ outbox: false, builtins: [leads({ publicRateLimit: false })] })

describe('the input rule', () => {
  test('names the first string or key holding U+0000 or a lone surrogate, at any depth', () => {
    expect(findInputIssue({ a: [{ b: 'x\u0000' }] })).toMatchObject({ path: 'a.0.b', code: 'nul_character' })
    expect(findInputIssue({ ok: 'fine', ['k\u0000']: 1 })).toMatchObject({ path: 'k\u0000', code: 'nul_character' })
    expect(findInputIssue(['\udc00'], 'body')).toMatchObject({ path: 'body.0', code: 'lone_surrogate' })
    expect(findInputIssue({ high: 'x\ud83d' })).toMatchObject({ path: 'high', code: 'lone_surrogate' })
  })

  test('accepts well-formed text, surrogate pairs included, and scalars of every kind', () => {
    expect(findInputIssue({ emoji: '😀 ok', text: 'é €', n: -1e308, b: false, nothing: null, list: [1, 'two'] })).toBeNull()
  })

  test(`allows ${MAX_JSON_DEPTH} levels of arrays and objects and refuses one more, in values and in text`, () => {
    expect(findInputIssue(JSON.parse(nest(MAX_JSON_DEPTH)))).toBeNull()
    expect(findInputIssue(JSON.parse(nest(MAX_JSON_DEPTH + 1)))).toMatchObject({ code: 'too_deep' })
    expect(jsonTextTooDeep(nest(MAX_JSON_DEPTH))).toBe(false)
    expect(jsonTextTooDeep(nest(MAX_JSON_DEPTH + 1))).toBe(true)
    expect(jsonTextTooDeep(nest(1_000_000))).toBe(true)
  })

  test('the text scan ignores brackets inside strings, escaped quotes included', () => {
    const brackets = JSON.stringify({ a: '['.repeat(500), b: '\\"[[[[', c: '"{{{{' })
    expect(jsonTextTooDeep(brackets)).toBe(false)
    expect(jsonTextTooDeep(`[${brackets},${nest(MAX_JSON_DEPTH)}]`)).toBe(true)
  })
})

describe('every door applies it', () => {
  const expectRefusal = (res: request.Response, path: string, code: string) => {
    expect([res.status, res.body.ok, res.body.data, res.body.code]).toEqual([400, false, null, 'invalid_params'])
    expect(res.body.details.issues).toEqual([expect.objectContaining({ path, code })])
    expect(res.body.error).toContain(path)
  }

  test('dispatch params: U+0000 and a lone surrogate are 400 invalid_params naming the field, and nothing is written', async () => {
    expectRefusal(await plane.dispatch({ resource: 'crm', action: 'create', params: { name: 'Pipe\u0000drive' } }), 'name', 'nul_character')
    expectRefusal(await plane.dispatch({ resource: 'leads', action: 'capture', params: { source: 'form', data: { note: ['a\ud800'] } } }), 'data.note.0', 'lone_surrogate')
    expectRefusal(await plane.dispatch({ resource: 'content_sources', action: 'get', params: { id: '\u0000' } }), 'id', 'nul_character')
    expect(await plane.server.db.svcCrmSlot.count()).toBe(0)
    expect(await plane.server.db.svcLead.count()).toBe(0)
    const audited = await plane.server.db.svcAuditEntry.findFirstOrThrow({ where: { operation: 'crm.create' } })
    expect(audited).toMatchObject({ ok: false, code: 'invalid_params', params: { name: 'Pipe\uFFFDdrive' } })
  })

  test('a refused call is audited with the unstorable characters replaced, in keys too, on every database', async () => {
    const res = await plane.dispatch({ resource: 'leads', action: 'capture', params: { source: 'form', data: { ['k\ud800']: 'v\u0000', ok: '😀' } } })
    expect(res.status).toBe(400)
    const audited = await plane.server.db.svcAuditEntry.findFirstOrThrow({ where: { operation: 'leads.capture' }, orderBy: { id: 'desc' } })
    expect(audited).toMatchObject({ ok: false, code: 'invalid_params', params: { source: 'form', data: { 'k\uFFFD': 'v\uFFFD', ok: '😀' } } })
  })

  test('dispatch params nested deeper than the limit are invalid_params, audited without the body', async () => {
    const body = `{"resource":"leads","action":"capture","params":{"source":"form","data":{"x":${nest(50_000)}}}}`
    const res = await request(plane.server.app).post(`${BASE}/manage/dispatch`).set('Authorization', `Bearer ${plane.admin.key}`).set('Content-Type', 'application/json').send(body)
    expectRefusal(res, `data.x${'.0'.repeat(MAX_JSON_DEPTH - 2)}`, 'too_deep')
  })

  test('the dispatch envelope: U+0000 in resource or action is refused before the lookup', async () => {
    const res = await plane.dispatch({ resource: 'crm\u0000', action: 'list' })
    expectRefusal(res, 'resource', 'nul_character')
  })

  test('the GET read form: query values and params= JSON', async () => {
    expectRefusal(await getWithKey(plane.server.app, plane.admin.key, '/manage/crm/get?crm_num=%00'), 'crm_num', 'nul_character')
    expectRefusal(await getWithKey(plane.server.app, plane.admin.key, `/manage/audit/list?params=${encodeURIComponent('{"operation":"a\\ud800"}')}`), 'operation', 'lone_surrogate')
    const deep = await getWithKey(plane.server.app, plane.admin.key, `/manage/audit/list?params=${encodeURIComponent(`{"operation":${nest(300)}}`)}`)
    expect([deep.status, deep.body.code, deep.body.details.issues[0].code]).toEqual([400, 'invalid_params', 'too_deep'])
  })

  test('the public lead form, JSON and URL-encoded; nothing is stored', async () => {
    const form = () => request(plane.server.app).post(`${BASE}/public/leads`)
    expectRefusal(await form().set('Content-Type', 'application/json').send(JSON.stringify({ name: 'A\u0000', email: 'a@example.com' })), 'name', 'nul_character')
    expectRefusal(await form().type('form').send('source=web&message=hi%00there'), 'message', 'nul_character')
    const deep = await form().set('Content-Type', 'application/json').send(`{"source":"web","data":{"x":${nest(10_000)}}}`)
    expect([deep.status, deep.body.code, deep.body.details.issues[0].code]).toEqual([400, 'invalid_params', 'too_deep'])
    expect(await plane.server.db.svcLead.count()).toBe(0)
  })

  test('content-source deliveries: refused before they are stored', async () => {
    const source = (await plane.dispatch({ resource: 'content_sources', action: 'create', params: { name: 'Boundary', auth_mode: 'none' } })).body.data
    expectRefusal(await deliver(plane.server.app, source.slug, '{"title":"a\\u0000","body":"x"}'), 'title', 'nul_character')
    expectRefusal(await deliver(plane.server.app, source.slug, '{"items":[{"title":"\\udc01"}]}'), 'items.0.title', 'lone_surrogate')
    const deep = await deliver(plane.server.app, source.slug, `{"title":"x","nested":${nest(1000)}}`)
    expect([deep.status, deep.body.code, deep.body.details.issues[0].code]).toEqual([400, 'invalid_params', 'too_deep'])
    expect(await plane.server.db.svcContentDelivery.count({ where: { sourceId: source.id } })).toBe(0)
  })
})

describe('express\'s own refusals are envelopes with their 4xx status', () => {
  const expectEnvelope = (res: request.Response, status: number, code: string) => {
    expect([res.status, res.body.ok, res.body.data, res.body.changed, res.body.code]).toEqual([status, false, null, false, code])
    expect(res.body.error).not.toMatch(/\n\s+at /)
    expect(res.headers['svc-version']).toBe(PRODUCT_VERSION)
  }

  test('a malformed percent-escape in a path parameter is 400 bad_request', async () => {
    expectEnvelope(await getWithKey(plane.server.app, plane.admin.key, '/manage/%E0%A4%A/list'), 400, 'bad_request')
    expectEnvelope(await getWithKey(plane.server.app, plane.admin.key, '/manage/crm/%'), 400, 'bad_request')
    expectEnvelope(await request(plane.server.app).post(`${BASE}/ingest/%E0%A4%A`).send('{}'), 400, 'bad_request')
  })

  test('a Content-Encoding the body parser does not support is 415 unsupported_media_type', async () => {
    const res = await request(plane.server.app).post(`${BASE}/manage/dispatch`).set('Authorization', `Bearer ${plane.admin.key}`)
      .set('Content-Type', 'application/json').set('Content-Encoding', 'compress').send('{}')
    expectEnvelope(res, 415, 'unsupported_media_type')
  })

  test('a gzip body that does not inflate is 400 bad_request; one that does is read', async () => {
    const broken = await request(plane.server.app).post(`${BASE}/manage/dispatch`).set('Authorization', `Bearer ${plane.admin.key}`)
      .set('Content-Type', 'application/json').set('Content-Encoding', 'gzip').send('not gzip at all')
    expectEnvelope(broken, 400, 'bad_request')
    const zipped = await request(plane.server.app).post(`${BASE}/manage/dispatch`).set('Authorization', `Bearer ${plane.admin.key}`)
      .set('Content-Type', 'application/octet-stream').set('Content-Encoding', 'gzip').send(gzipSync(JSON.stringify({ resource: 'crm', action: 'list' })))
    expect([zipped.status, zipped.body.ok, zipped.body.error]).toEqual([200, true, null])
  })
})
