import { afterAll, beforeAll, beforeEach, describe, expect, test } from '@jest/globals'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { useTestServer } from './support/in-process-server.ts'
import { getWithKey, seenBodies } from './support/client.ts'
import { answerJson, startLoopbackServer, type LoopbackServer } from './support/loopback-peer.ts'
import { SecretBox, parseEncryptionKey } from '../packages/control-plane/src/platform/secrets/secret-box.ts'
import { ai as aiResource } from '../packages/control-plane/src/resources/ai/index.ts'
import { bindTo } from '../packages/control-plane/src/platform/secrets/sealed-column.ts'
import { AI_API_KEY } from '../packages/control-plane/src/resources/ai/sealed-columns.ts'

const TIMEOUT_MS = 1000
const KEYS = {
  openai: 'sk-openaiPlaintextKey0x0001',
  openai_compatible: 'sk-compatPlaintextKey0x0002',
  anthropic: 'sk-ant-anthropicPlaintextKey0x0003',
  azure_openai: 'azurePlaintextKey0x0004',
  wrong: 'sk-wrongPlaintextKey0x0005',
}

const plane = useTestServer({ builtins: [aiResource({ testTimeoutMs: TIMEOUT_MS })] })
const ai = plane.caller('ai')
let provider: LoopbackServer
let redirectTarget: LoopbackServer

/** A provider that, like the real ones, echoes the key it was given in its refusal. */
function refuse (res: ServerResponse, received: unknown) {
  answerJson(res, 401, { error: { message: `Incorrect API key provided: ${String(received)}` } })
}

function fakeProviders (req: IncomingMessage, res: ServerResponse) {
  const headers = req.headers
  switch (req.url) {
    case '/oa/models':
      if (headers.authorization !== `Bearer ${KEYS.openai}`) return refuse(res, headers.authorization)
      return answerJson(res, 200, { object: 'list', data: [{ id: 'gpt-4o-mini', object: 'model' }, { id: 'gpt-4o', object: 'model' }] })
    case '/compat/v1/models':
      if (headers.authorization !== `Bearer ${KEYS.openai_compatible}`) return refuse(res, headers.authorization)
      return answerJson(res, 200, { object: 'list', data: [{ id: 'mistral-small' }] })
    case '/v1/models?limit=1000':
      if (headers['x-api-key'] !== KEYS.anthropic || headers['anthropic-version'] !== '2023-06-01') return refuse(res, headers['x-api-key'])
      return answerJson(res, 200, { data: [{ id: 'claude-sonnet-4-5', display_name: 'Claude Sonnet 4.5', type: 'model' }], has_more: false })
    case '/openai/models?api-version=2024-10-21':
      if (headers['api-key'] !== KEYS.azure_openai) return refuse(res, headers['api-key'])
      return answerJson(res, 200, { object: 'list', data: [{ id: 'gpt-4o' }, { id: 'text-embedding-3-large' }] })
    case '/api/tags':
      return answerJson(res, 200, { models: [{ name: 'llama3.2:latest', model: 'llama3.2:latest' }, { name: 'qwen2.5:7b', model: 'qwen2.5:7b' }] })
    case '/not-json/models':
      return res.writeHead(200, { 'content-type': 'text/html' }).end('<html>hello</html>')
    case '/not-a-list/models':
      return answerJson(res, 200, { status: 'fine' })
    case '/server-error/models':
      return answerJson(res, 500, { error: `upstream failed for ${String(headers.authorization)}` })
    case '/redirect/models':
      return res.writeHead(302, { location: `${redirectTarget.url}/oa/models` }).end()
    case '/hang/models':
      return // never answers
    default:
      return answerJson(res, 404, { error: 'no such route' })
  }
}

beforeAll(async () => {
  provider = await startLoopbackServer(fakeProviders)
  redirectTarget = await startLoopbackServer(fakeProviders)
})
afterAll(async () => {
  await provider.close()
  await redirectTarget.close()
})

const aiRow = () => plane.server.db.svcAiSetting.findUnique({ where: { id: 1 } })

/** Points the settings at a provider and stores its key, as an administrator would. */
async function configure (settings: Record<string, unknown>, apiKey?: string) {
  const updated = await ai('update', settings)
  expect(updated.body.ok).toBe(true)
  if (apiKey) expect((await ai('set_secret', { api_key: apiKey })).body.data).toEqual({ key_set: true })
}

const lastRequest = () => provider.requests.at(-1)!

// Every test starts before anything is stored: the defaults, and no key.
beforeEach(async () => { await plane.server.db.svcAiSetting.deleteMany() })

describe('ai.get and ai.update', () => {
  test('get answers the defaults before anything is stored', async () => {
    const res = await ai('get')
    expect(res.body).toEqual({
      ok: true,
      changed: false,
      error: null,
      data: { provider: 'openai', model: 'gpt-4o-mini', base_url: null, temperature: 0.7, max_tokens: 1024, enabled: false, key_set: false },
    })
    expect(await aiRow()).toBeNull()
  })

  test('update merges into the stored settings; the same update again is changed: false', async () => {
    const res = await ai('update', { temperature: 0.2, max_tokens: 4000 })
    expect(res.body).toMatchObject({ ok: true, changed: true, data: { provider: 'openai', model: 'gpt-4o-mini', temperature: 0.2, max_tokens: 4000, enabled: false } })
    const model = await ai('update', { model: 'gpt-4o', enabled: true })
    expect(model.body.data).toMatchObject({ model: 'gpt-4o', temperature: 0.2, max_tokens: 4000, enabled: true })
    const again = await ai('update', { model: 'gpt-4o', temperature: 0.2 })
    expect(again.body.changed).toBe(false)
    expect((await ai('get')).body.data).toEqual(model.body.data)
  })

  test.each([
    [{ provider: 'gemini' }],
    [{ temperature: 2.1 }],
    [{ temperature: -0.1 }],
    [{ max_tokens: 0 }],
    [{ max_tokens: 200_001 }],
    [{ max_tokens: 10.5 }],
    [{ base_url: 'ftp://models.example.com' }],
    [{ base_url: 'not a url' }],
    [{ model: '' }],
    [{ model: '   ' }],
    [{ enabled: 'yes' }],
    [{ api_key: 'smuggled' }],
    [{ provider: 'openai_compatible' }],
    [{ provider: 'azure_openai', base_url: null }],
  ])('update %j is invalid_params and changes nothing', async params => {
    const before = await aiRow()
    const res = await ai('update', params)
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ ok: false, data: null, code: 'invalid_params' })
    expect(await aiRow()).toEqual(before)
  })

  test('the boundaries are accepted: temperature 0 and 2, max_tokens 1 and 200000', async () => {
    expect((await ai('update', { temperature: 0, max_tokens: 1 })).body.data).toMatchObject({ temperature: 0, max_tokens: 1 })
    expect((await ai('update', { temperature: 2, max_tokens: 200_000 })).body.data).toMatchObject({ temperature: 2, max_tokens: 200_000 })
  })

  test('openai_compatible and azure_openai are accepted with a base_url', async () => {
    const res = await ai('update', { provider: 'openai_compatible', base_url: 'https://llm.example.com/v1' })
    expect(res.body).toMatchObject({ ok: true, data: { provider: 'openai_compatible', base_url: 'https://llm.example.com/v1' } })
    const clearing = await ai('update', { base_url: null })
    expect(clearing.body.code).toBe('invalid_params')
  })
})

describe('ai secrets', () => {
  test('set_secret stores the key sealed and answers only key_set', async () => {
    const res = await ai('set_secret', { api_key: KEYS.openai_compatible })
    expect(res.body).toEqual({ ok: true, changed: true, error: null, data: { key_set: true } })
    const row = await aiRow()
    expect(row?.apiKeyCiphertext).toMatch(/^v2:/)
    expect(new SecretBox(parseEncryptionKey(plane.server.encryptionKey)).open(row!.apiKeyCiphertext!, bindTo(AI_API_KEY, 1))).toBe(KEYS.openai_compatible)
    expect((await ai('get')).body.data.key_set).toBe(true)
  })

  test.each([[{ api_key: '' }], [{ api_key: 'has space' }], [{ api_key: 'line\nbreak' }], [{}]])('set_secret %j is invalid_params', async params => {
    expect((await ai('set_secret', params)).body.code).toBe('invalid_params')
  })

  test('changing the provider or base_url forgets the key; other changes keep it', async () => {
    await ai('set_secret', { api_key: KEYS.openai_compatible })
    expect((await ai('update', { temperature: 1 })).body.data.key_set).toBe(true)
    const moved = await ai('update', { base_url: 'https://other.example.com/v1' })
    expect(moved.body).toMatchObject({ changed: true, data: { key_set: false } })
    expect((await aiRow())?.apiKeyCiphertext).toBeNull()
  })

  test('clear_secret needs confirm, erases the key, and is changed: false when none is set', async () => {
    await ai('set_secret', { api_key: KEYS.openai_compatible })
    expect((await ai('clear_secret')).body.code).toBe('confirm_required')
    expect((await aiRow())?.apiKeyCiphertext).not.toBeNull()
    expect((await ai('clear_secret', {}, true)).body).toEqual({ ok: true, changed: true, error: null, data: { key_set: false } })
    expect((await aiRow())?.apiKeyCiphertext).toBeNull()
    expect((await ai('clear_secret', {}, true)).body).toMatchObject({ ok: true, changed: false, data: { key_set: false } })
  })
})

describe('ai.test against a provider on loopback', () => {
  test.each([
    ['openai', { base_url: `/oa` }, KEYS.openai, '/oa/models', { authorization: `Bearer ${KEYS.openai}` }, ['gpt-4o-mini', 'gpt-4o']],
    ['openai_compatible', { base_url: '/compat/v1/' }, KEYS.openai_compatible, '/compat/v1/models', { authorization: `Bearer ${KEYS.openai_compatible}` }, ['mistral-small']],
    ['anthropic', { base_url: '' }, KEYS.anthropic, '/v1/models?limit=1000', { 'x-api-key': KEYS.anthropic, 'anthropic-version': '2023-06-01' }, ['claude-sonnet-4-5']],
    ['azure_openai', { base_url: '' }, KEYS.azure_openai, '/openai/models?api-version=2024-10-21', { 'api-key': KEYS.azure_openai }, ['gpt-4o', 'text-embedding-3-large']],
  ])('%s: sends the key the provider expects and reports its models', async (name, { base_url }, apiKey, path, headers, models) => {
    await configure({ provider: name, base_url: `${provider.url}${base_url}` }, apiKey)
    const res = await ai('test')
    expect(res.body).toMatchObject({ ok: true, changed: false, data: { ok: true, models } })
    expect(res.body.data.latency_ms).toEqual(expect.any(Number))
    expect(res.body.data.latency_ms).toBeGreaterThanOrEqual(0)
    expect(res.body.data).not.toHaveProperty('error')
    expect(lastRequest()).toMatchObject({ method: 'GET', url: path, headers })
  })

  test('ollama: lists its models without any key', async () => {
    await configure({ provider: 'ollama', base_url: provider.url })
    const res = await ai('test')
    expect(res.body.data).toMatchObject({ ok: true, models: ['llama3.2:latest', 'qwen2.5:7b'] })
    expect(lastRequest().url).toBe('/api/tags')
    for (const header of ['authorization', 'x-api-key', 'api-key']) expect(lastRequest().headers).not.toHaveProperty(header)
  })

  test('a refused key is ok: false with our own message, never the provider\'s body or the key', async () => {
    await configure({ provider: 'openai', base_url: `${provider.url}/oa` }, KEYS.wrong)
    const res = await ai('test')
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual({ ok: false, latency_ms: expect.any(Number), error: 'the provider refused the API key (HTTP 401)' })
    expect(lastRequest().headers.authorization).toBe(`Bearer ${KEYS.wrong}`)
  })

  test.each([
    ['/server-error', 'the provider answered HTTP 500'],
    ['/missing', 'the provider answered HTTP 404'],
    ['/not-json', 'body that is not JSON'],
    ['/not-a-list', 'not a model list'],
    ['/redirect', 'redirect'],
    ['/hang', `timed out after ${TIMEOUT_MS} ms`],
  ])('a provider at %s is ok: false saying why', async (prefix, reason) => {
    await configure({ provider: 'openai_compatible', base_url: `${provider.url}${prefix}` }, KEYS.openai_compatible)
    const res = await ai('test')
    expect(res.body).toMatchObject({ ok: true, changed: false, data: { ok: false, latency_ms: expect.any(Number) } })
    expect(res.body.data.error).toContain(reason)
    expect(res.body.data).not.toHaveProperty('models')
  })

  test('a redirect is not followed, so the key never reaches where it points', async () => {
    expect(redirectTarget.requests).toEqual([])
  })

  test('an unreachable provider is ok: false, could not connect', async () => {
    const closed = await startLoopbackServer(() => {})
    await closed.close()
    await configure({ provider: 'ollama', base_url: closed.url })
    const res = await ai('test')
    expect(res.body.data).toEqual({ ok: false, latency_ms: expect.any(Number), error: `GET ${closed.url} could not connect` })
  })

  test('without a stored key it is a 409 conflict and nothing is sent', async () => {
    await configure({ provider: 'anthropic', base_url: provider.url })
    const sent = provider.requests.length
    const res = await ai('test')
    expect(res.status).toBe(409)
    expect(res.body).toMatchObject({ ok: false, code: 'conflict' })
    expect(provider.requests.length).toBe(sent)
  })

  test('it changes nothing and is served by the GET read form', async () => {
    await configure({ provider: 'anthropic', base_url: provider.url }, KEYS.anthropic)
    const before = await aiRow()
    const res = await getWithKey(plane.server.app, plane.admin.key, '/manage/ai/test')
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ changed: false, data: { ok: true, models: ['claude-sonnet-4-5'] } })
    expect(await aiRow()).toEqual(before)
  })
})

describe('ai keys stay secret', () => {
  test('no response body and no audit entry ever contained a key', async () => {
    for (const [name, apiKey] of Object.entries(KEYS)) {
      if (name !== 'wrong') await ai('update', { provider: name, base_url: provider.url })
      await ai('set_secret', { api_key: apiKey })
      await ai('get')
      await ai('test')
    }
    const entries = await plane.server.db.svcAuditEntry.findMany({ where: { operation: 'ai.set_secret', ok: true } })
    expect(entries.length).toBeGreaterThanOrEqual(Object.keys(KEYS).length)
    for (const entry of entries) expect((entry.params as { api_key?: string }).api_key).toBe('[redacted]')
    const audit = JSON.stringify(await plane.server.db.svcAuditEntry.findMany())
    expect(seenBodies.length).toBeGreaterThan(3 * Object.keys(KEYS).length)
    for (const plaintext of Object.values(KEYS)) {
      expect(audit).not.toContain(plaintext)
      for (const body of seenBodies) expect(body).not.toContain(plaintext)
    }
  })
})
