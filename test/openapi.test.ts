// @svc-provider-independent: the document is generated from the registry; every real response it describes is checked on both providers in built-server.test.ts (runs once, on SQLite).
import { beforeAll, describe, expect, test } from '@jest/globals'
import request from 'supertest'
import { Validator } from '@seriousme/openapi-schema-validator'
import { useTestServer } from './support/in-process-server.ts'
import { BASE, getWithKey } from './support/client.ts'
import { sessionCookie } from './support/session-client.ts'
import { responseChecker } from './support/openapi.ts'
import { ERROR_STATUS } from '../packages/control-plane/src/platform/errors/errors.ts'
import type { ManifestEntry } from '../packages/control-plane/src/kernel/registry/manifest.ts'
import type { JsonObject as Json } from './support/json.ts'

const SITE_URL = 'https://cms.example.com'

const plane = useTestServer({ http: { siteUrl: SITE_URL } })
let document: Json
let operations: ManifestEntry[]

const fetchDocument = async (key = plane.admin.key) => getWithKey(plane.server.app, key, '/openapi.json')
const withoutDialect = ({ $schema: _dialect, ...schema }: Json) => schema
const statusesOf = (codes: readonly string[]) => [...new Set(codes.map(code => String(ERROR_STATUS[code as keyof typeof ERROR_STATUS])))].sort()
const responseCodes = (operation: Json, status: string): string[] => {
  const response = operation.responses[status]
  const resolved = response.$ref ? document.components.responses[response.$ref.split('/').pop()] : response
  return resolved.content['application/json'].schema.allOf[1].properties.code.enum
}

beforeAll(async () => {
  const res = await fetchDocument()
  expect(res.status).toBe(200)
  document = res.body
  operations = (await getWithKey(plane.server.app, plane.admin.key, '/manage/manifest')).body.data.operations
})

describe('GET /openapi.json', () => {
  test('is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toMatch(/^3\.1\./)
    const result = await new Validator().validate(document)
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
    const broken = structuredClone(document)
    delete broken.paths['/manage/crm/list'].post.responses['200'].description
    expect((await new Validator().validate(broken)).valid).toBe(false)
  })

  test('has one route per operation, with operationId resource.action, its summary, description and resource tag', () => {
    for (const operation of operations) {
      const post = document.paths[`/manage/${operation.resource}/${operation.action}`]?.post
      expect(post).toMatchObject({ operationId: operation.name, summary: operation.summary, tags: [operation.resource] })
      expect(post.description).toContain(operation.description)
    }
    const operationIds = Object.values<Json>(document.paths).flatMap(item => Object.values<Json>(item).map(method => method.operationId))
    expect(new Set(operationIds).size).toBe(operationIds.length)
    expect(document.tags.map((tag: Json) => tag.name)).toEqual(['control-plane', ...new Set(operations.map(operation => operation.resource))])
  })

  test('carries the capability and the flags as x-svc- extensions', () => {
    for (const operation of operations) {
      const post = document.paths[`/manage/${operation.resource}/${operation.action}`].post
      expect([operation.name, post['x-svc-capability'], post['x-svc-destructive'], post['x-svc-idempotent'], post['x-svc-open-world'], post['x-svc-readonly'], post['x-svc-enabled']])
        .toEqual([operation.name, operation.capability, operation.destructive, operation.idempotent, operation.open_world, operation.readonly, true])
    }
  })

  test('the request body is the manifest\'s params schema, and 200 (202 for an operation that starts a job) carries the returns schema as data', () => {
    for (const operation of operations) {
      const post = document.paths[`/manage/${operation.resource}/${operation.action}`].post
      expect(post.requestBody.content['application/json'].schema).toEqual({ $ref: `#/components/schemas/${operation.name}.params` })
      expect(post.responses[operation.starts_job ? '202' : '200'].content['application/json'].schema.properties.data).toEqual({ $ref: `#/components/schemas/${operation.name}.returns` })
      if (!('$defs' in operation.params)) expect(document.components.schemas[`${operation.name}.params`]).toEqual(withoutDialect(operation.params))
      if (!('$defs' in operation.returns)) expect(document.components.schemas[`${operation.name}.returns`]).toEqual(withoutDialect(operation.returns))
    }
  })

  test('definitions inside a schema become components of their own, and every $ref resolves', () => {
    const refs = [...JSON.stringify(document).matchAll(/"\$ref":"#\/components\/(\w+)\/([^"]+)"/g)]
    expect(refs.length).toBeGreaterThan(operations.length)
    for (const [, kind, name] of refs) expect([kind, name, document.components[kind!]?.[name!] !== undefined]).toEqual([kind, name, true])
    expect(JSON.stringify(document)).not.toContain('"#/$defs/')
  })

  test('lists every error status an operation can give, with the envelope and its codes', () => {
    for (const operation of operations) {
      const post = document.paths[`/manage/${operation.resource}/${operation.action}`].post
      const statuses = Object.keys(post.responses).filter(status => status !== (operation.starts_job ? '202' : '200')).sort()
      expect([operation.name, statuses]).toEqual([operation.name, statusesOf(operation.errors)])
      const notPreviewable = !operation.readonly && !operation.previewable ? ['not_previewable'] : []
      expect(responseCodes(post, '400')).toEqual(operation.destructive ? ['bad_request', 'invalid_params', 'confirm_required', 'unsupported_version', ...notPreviewable] : ['bad_request', 'invalid_params', 'unsupported_version', ...notPreviewable])
      if (!operation.readonly && operation.previewable) expect(responseCodes(post, '409')).toContain('plan_stale')
      expect(responseCodes(post, '401')).toEqual(['unauthenticated'])
      expect(responseCodes(post, '409')).toContain('module_disabled')
    }
    const welcome = document.paths['/manage/users/send_welcome_email'].post
    expect(responseCodes(welcome, '502')).toEqual(['delivery_failed'])
    expect(document.components.schemas.Failure.required).toEqual(['ok', 'data', 'changed', 'error', 'code'])
  })

  test('readonly operations also have the GET read form, with their params as query parameters', () => {
    for (const operation of operations) {
      const get = document.paths[`/manage/${operation.resource}/${operation.action}`].get
      if (!operation.readonly) {
        expect([operation.name, get]).toEqual([operation.name, undefined])
        continue
      }
      expect(get.operationId).toBe(`${operation.name}.query`)
      const query = get.parameters.filter((parameter: Json) => parameter.$ref === undefined)
      expect(get.parameters.filter((parameter: Json) => parameter.$ref !== undefined)).toEqual([{ $ref: '#/components/parameters/X-Request-Id' }])
      const named = query.flatMap((parameter: Json) => parameter.name === 'params'
        ? Object.keys(parameter.content['application/json'].schema.properties)
        : [parameter.name])
      expect([operation.name, named.sort()]).toEqual([operation.name, Object.keys((operation.params as Json).properties ?? {}).sort()])
      expect(Object.keys(get.responses)).not.toContain('413')
    }
    const crmGet = document.paths['/manage/crm/get'].get
    expect(crmGet.parameters).toEqual([expect.objectContaining({ name: 'crm_num', in: 'query', required: true }), { $ref: '#/components/parameters/X-Request-Id' }])
  })

  test('writes and dispatch take an Idempotency-Key header; every response names Request-Id; writes may be Idempotent-Replayed', () => {
    const header = (name: string) => ({ $ref: `#/components/parameters/${name}` })
    expect(document.components.parameters['Idempotency-Key']).toMatchObject({ name: 'Idempotency-Key', in: 'header', schema: { maxLength: 255 } })
    expect(document.paths['/manage/crm/create'].post.parameters).toEqual([header('Idempotency-Key'), header('X-Request-Id'), header('preview'), header('plan')])
    expect(document.paths['/manage/users/send_welcome_email'].post.parameters).toEqual([header('Idempotency-Key'), header('X-Request-Id')])
    expect(document.components.schemas.DispatchRequest.properties).toMatchObject({ preview: { type: 'boolean' }, plan: { type: 'string' } })
    expect(document.paths['/manage/crm/list'].post.parameters).toEqual([header('X-Request-Id')])
    expect(document.paths['/manage/dispatch'].post.parameters).toEqual([header('Idempotency-Key'), header('X-Request-Id')])
    const create = document.paths['/manage/crm/create'].post
    expect(Object.keys(create.responses['200'].headers)).toEqual(expect.arrayContaining(['Request-Id', 'Idempotent-Replayed', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']))
    expect(create['x-svc-idempotent']).toBeDefined()
    const conflicts = JSON.stringify(document.components.responses)
    expect(conflicts).toContain('idempotency_mismatch')
    expect(conflicts).toContain('idempotency_in_progress')
  })

  test('carries the registry\'s examples as request examples, confirm inside the body', () => {
    for (const operation of operations) {
      const examples = Object.values<Json>(document.paths[`/manage/${operation.resource}/${operation.action}`].post.requestBody.content['application/json'].examples ?? {})
      expect(examples.map(example => example.summary)).toEqual(operation.examples.map(example => example.title))
      for (const [index, example] of operation.examples.entries()) {
        const confirmInBody = example.confirm === true && 'confirm' in ((operation.params as Json).properties ?? {})
        expect(examples[index]!.value).toEqual(confirmInBody ? { ...example.params, confirm: true } : example.params)
      }
    }
  })

  test('describes dispatch, the manifest, itself and the reference page', () => {
    expect(document.paths['/manage/dispatch'].post).toMatchObject({ operationId: 'dispatch', tags: ['control-plane'] })
    expect(document.paths['/manage/dispatch'].post.responses['404']).toBeDefined()
    expect(document.paths['/manage/manifest'].get.operationId).toBe('manifest')
    expect(document.paths['/openapi.json'].get.operationId).toBe('openapi')
    expect(document.paths['/docs'].get.responses['200'].content).toHaveProperty(['text/html'])
  })

  test('real responses of dispatch and the manifest conform to their documented schemas', async () => {
    const check = responseChecker(document)
    const manifest = await getWithKey(plane.server.app, plane.admin.key, '/manage/manifest')
    expect(check('get', '/manage/manifest', manifest.status, manifest.body)).toBeNull()
    const dispatch = plane.dispatch
    const listed = await dispatch({ resource: 'crm', action: 'list' })
    expect(check('post', '/manage/dispatch', listed.status, listed.body)).toBeNull()
    const unknown = await dispatch({ resource: 'crm', action: 'nope' })
    expect(check('post', '/manage/dispatch', unknown.status, unknown.body)).toBeNull()
    const wrongShape = { ...listed.body, data: { crms: 'not a list' } }
    expect(check('post', '/manage/crm/list', 200, wrongShape)).toMatch(/crms/)
  })

  test('names the API-key and session security schemes, and serves the namespace at SITE_URL', () => {
    expect(document.servers).toEqual([{ url: `${SITE_URL}/api/svc/v1`, description: expect.any(String) }])
    expect(document.components.securitySchemes).toEqual({
      apiKey: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
      session: expect.objectContaining({ type: 'apiKey', in: 'cookie', name: 'keystonejs-session' }),
    })
    expect(document.security).toEqual([{ apiKey: [] }, { session: [] }])
  })

  test('is generated at request time: a disabled module shows as disabled, then enabled again', async () => {
    const dispatch = plane.dispatch
    expect((await dispatch({ resource: 'modules', action: 'disable', params: { module: 'crm' } })).status).toBe(200)
    const disabled = (await fetchDocument()).body
    expect(disabled.paths['/manage/crm/list'].post['x-svc-enabled']).toBe(false)
    expect(disabled.paths['/manage/crm/list'].get.description).toContain('module_disabled')
    expect(disabled.paths['/manage/leads/list'].post['x-svc-enabled']).toBe(true)
    expect((await dispatch({ resource: 'modules', action: 'enable', params: { module: 'crm' } })).status).toBe(200)
    expect((await fetchDocument()).body.paths['/manage/crm/list'].post['x-svc-enabled']).toBe(true)
  })

  test('is readable by the manifest\'s readers only: a key or a session of manage_options', async () => {
    const anonymous = await request(plane.server.app).get(`${BASE}/openapi.json`)
    expect([anonymous.status, anonymous.body.code, anonymous.headers['www-authenticate']]).toEqual([401, 'unauthenticated', 'Bearer realm="svc", resource_metadata="https://cms.example.com/.well-known/oauth-protected-resource/api/svc/v1/mcp"'])
    const editor = await plane.account('editor')
    const refused = await fetchDocument(editor.key)
    expect([refused.status, refused.body.code]).toEqual([403, 'forbidden'])
    const cookie = await sessionCookie(plane.server.app, plane.admin.email, plane.admin.password)
    const bySession = await request(plane.server.app).get(`${BASE}/openapi.json`).set('Cookie', cookie)
    expect([bySession.status, bySession.body.openapi]).toEqual([200, document.openapi])
    const posted = await request(plane.server.app).post(`${BASE}/openapi.json`).set('Authorization', `Bearer ${plane.admin.key}`)
    expect([posted.status, posted.headers.allow]).toEqual([405, 'GET'])
  })
})
