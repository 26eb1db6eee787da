import { afterAll, beforeAll, beforeEach, describe, expect, jest, test } from '@jest/globals'
import { createServer, type Server } from 'node:http'
import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import { useTestServer } from './support/in-process-server.ts'
import { BASE } from './support/client.ts'
import { testProvider } from './support/database.ts'
import { HOSTILE_PARAMS, HOSTILE_QUERY_VALUES, HOSTILE_VALUES, sampleFor } from './support/hostile-values.ts'
import { leads } from '../packages/control-plane/src/resources/leads/index.ts'
import { ai } from '../packages/control-plane/src/resources/ai/index.ts'
import { contentSources } from '../packages/control-plane/src/resources/content-sources/index.ts'

// Thousands of requests, one at a time; each answers in milliseconds.
jest.setTimeout(300_000)

type Schema = Parameters<typeof sampleFor>[0] & { properties?: Record<string, never> }
type ManifestOperation = { name: string, resource: string, action: string, readonly: boolean, destructive: boolean, params: Schema, examples?: Array<{ params?: Record<string, unknown> }> }

const plane = useTestServer({ rateLimit: false, builtins: [leads({ publicRateLimit: false }), ai({ testTimeoutMs: 200 }), contentSources({ ingestRateLimit: false })], outbox: false })
let listener: Server
let origin: string
let operations: ManifestOperation[]
let failures: string[] = []
let tried = 0
/** Node's HTTP parser refuses longer request lines (431) before any application code runs. */
const MAX_URL_LENGTH = 8 * 1024
/** Requests in flight at once: enough to overlap database waits, few enough for a shared machine. */
const CONCURRENCY = 4

beforeAll(async () => {
  listener = createServer(plane.server.app).listen(0, '127.0.0.1')
  await once(listener, 'listening')
  origin = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`
  const manifest = await (await fetch(`${origin}${BASE}/manage/manifest`, { headers: { Authorization: `Bearer ${plane.admin.key}` } })).json() as { data: { operations: ManifestOperation[] } }
  operations = manifest.data.operations
})
afterAll(async () => {
  console.log(`hostile-input fuzz on ${testProvider}: ${tried} inputs tried`)
  listener.closeAllConnections()
  await new Promise(resolve => listener.close(resolve))
})

beforeEach(() => { failures = [] })

/** Runs the jobs, a few at a time. */
async function inParallel (jobs: Array<() => Promise<void>>): Promise<void> {
  let next = 0
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    while (next < jobs.length) await jobs[next++]!()
  }))
}

const isEnvelope = (body: Record<string, unknown>) =>
  body.ok === false && body.data === null && body.changed === false && typeof body.error === 'string' && typeof body.code === 'string'

/** Sends one input and records what is wrong with the answer: a 5xx, or a refusal that is not an envelope with a code. */
async function attempt (label: string, path: string, init: { method?: string, body?: string, type?: string, auth?: boolean } = {}): Promise<void> {
  if (path.length > MAX_URL_LENGTH) return
  tried++
  const headers: Record<string, string> = {}
  if (init.type) headers['Content-Type'] = init.type
  if (init.auth !== false) headers.Authorization = `Bearer ${plane.admin.key}`
  const res = await fetch(`${origin}${BASE}${path}`, { method: init.method ?? 'POST', headers, body: init.body })
  const text = await res.text()
  let body: Record<string, unknown>
  try {
    body = JSON.parse(text)
  } catch {
    failures.push(`${label}: ${res.status} answered without JSON: ${text.slice(0, 120)}`)
    return
  }
  if (res.status >= 500) failures.push(`${label}: ${res.status} ${String(body.code)}: ${String(body.error).slice(0, 160)}`)
  else if (res.status >= 400 && !isEnvelope(body)) failures.push(`${label}: ${res.status} refusal is not an envelope: ${text.slice(0, 160)}`)
}

/** A JSON object's text with one more member whose value is raw JSON text. */
function withMember (object: Record<string, unknown>, name: string, json: string): string {
  const rest = JSON.stringify(object).slice(1, -1)
  return `{${rest}${rest ? ',' : ''}${JSON.stringify(name)}:${json}}`
}

const baselineOf = (operation: ManifestOperation): Record<string, unknown> =>
  (operation.examples?.[0]?.params) ?? sampleFor(operation.params) as Record<string, unknown>

const dispatchBody = (operation: ManifestOperation, paramsJson: string) =>
  `{"resource":${JSON.stringify(operation.resource)},"action":${JSON.stringify(operation.action)},"params":${paramsJson}${operation.destructive ? ',"confirm":true' : ''}}`

async function expectStillAnswering (): Promise<void> {
  const res = await fetch(`${origin}${BASE}/manage/manifest`, { headers: { Authorization: `Bearer ${plane.admin.key}` } })
  expect(res.status).toBe(200)
  expect(({} as Record<string, unknown>).polluted).toBeUndefined()
}

function expectNoFailures (): void {
  expect(failures.slice(0, 25)).toEqual([])
}

describe('hostile input never answers 5xx', () => {
  test('dispatch: every param of every manifest operation, and params as a whole', async () => {
    const jobs: Array<() => Promise<void>> = []
    for (const operation of operations) {
      const baseline = baselineOf(operation)
      for (const param of Object.keys(operation.params.properties ?? {})) {
        const { [param]: _replaced, ...others } = baseline
        for (const value of HOSTILE_VALUES) {
          jobs.push(() => attempt(`${operation.name} ${param} = ${value.label}`, '/manage/dispatch', { body: dispatchBody(operation, withMember(others, param, value.json)) }))
        }
      }
      for (const value of HOSTILE_PARAMS) {
        jobs.push(() => attempt(`${operation.name} params = ${value.label}`, '/manage/dispatch', { body: dispatchBody(operation, value.json) }))
      }
    }
    await inParallel(jobs)
    await expectStillAnswering()
    expectNoFailures()
  })

  test('the dispatch envelope itself, the GET read form and path parameters', async () => {
    const jobs: Array<() => Promise<void>> = []
    const job = (label: string, path: string, init?: Parameters<typeof attempt>[2]) => jobs.push(() => attempt(label, path, init))
    for (const value of HOSTILE_VALUES) {
      for (const member of ['resource', 'action', 'confirm', '__proto__']) {
        job(`dispatch ${member} = ${value.label}`, '/manage/dispatch', { body: withMember({ resource: 'crm', action: 'list', params: {} }, member, value.json) })
      }
      job(`dispatch body = ${value.label}`, '/manage/dispatch', { body: value.json })
    }
    for (const operation of operations.filter(op => op.readonly)) {
      const path = `/manage/${operation.resource}/${operation.action}`
      for (const param of Object.keys(operation.params.properties ?? {})) {
        for (const raw of HOSTILE_QUERY_VALUES) job(`GET ${operation.name} ?${param}=${raw.slice(0, 20)}`, `${path}?${param}=${raw}`, { method: 'GET' })
      }
      for (const value of HOSTILE_VALUES) {
        job(`GET ${operation.name} ?params=${value.label}`, `${path}?params=${encodeURIComponent(value.json)}`, { method: 'GET' })
      }
    }
    for (const segment of ['%E0%A4%A', '%00', '%ED%A0%80', '%', encodeURIComponent('../..'), 'x'.repeat(5000)]) {
      job(`GET path /manage/${segment.slice(0, 20)}/list`, `/manage/${segment}/list`, { method: 'GET' })
      job(`GET path /manage/crm/${segment.slice(0, 20)}`, `/manage/crm/${segment}`, { method: 'GET' })
      job(`POST /ingest/${segment.slice(0, 20)}`, `/ingest/${segment}`, { body: '{"title":"x"}', type: 'application/json', auth: false })
    }
    await inParallel(jobs)
    await expectStillAnswering()
    expectNoFailures()
  })

  test('the route per operation: hostile bodies for every operation, and hostile path segments', async () => {
    const jobs: Array<() => Promise<void>> = []
    const job = (label: string, path: string, init?: Parameters<typeof attempt>[2]) => jobs.push(() => attempt(label, path, init))
    for (const operation of operations) {
      const path = `/manage/${operation.resource}/${operation.action}`
      for (const value of HOSTILE_VALUES) job(`POST ${operation.name} body = ${value.label}`, path, { body: value.json, type: 'application/json' })
    }
    for (const segment of ['%E0%A4%A', '%00', '%ED%A0%80', '%', encodeURIComponent('../..'), 'x'.repeat(5000)]) {
      job(`POST path /manage/${segment.slice(0, 20)}/list`, `/manage/${segment}/list`, { body: '{}', type: 'application/json' })
      job(`POST path /manage/crm/${segment.slice(0, 20)}`, `/manage/crm/${segment}`, { body: '{}', type: 'application/json' })
    }
    await inParallel(jobs)
    await expectStillAnswering()
    expectNoFailures()
  })

  test('the public lead form, as JSON and URL-encoded', async () => {
    const jobs: Array<() => Promise<void>> = []
    const job = (label: string, body: string, type: string) => jobs.push(() => attempt(label, '/public/leads', { body, type, auth: false }))
    const fields = ['source', 'campaign', 'email', 'phone', 'name', 'utm_source', 'attribution', 'data', 'message', '_gotcha']
    const form: Record<string, unknown> = { source: 'fuzz', email: 'fuzz@example.com', name: 'Fuzz' }
    for (const field of fields) {
      const { [field]: _replaced, ...others } = form
      for (const value of HOSTILE_VALUES) job(`public form ${field} = ${value.label}`, withMember(others, field, value.json), 'application/json')
      for (const raw of HOSTILE_QUERY_VALUES) job(`public form (url-encoded) ${field}=${raw.slice(0, 20)}`, `source=fuzz&${field}=${raw}`, 'application/x-www-form-urlencoded')
    }
    for (const value of HOSTILE_VALUES) job(`public form body = ${value.label}`, value.json, 'application/json')
    await inParallel(jobs)
    await expectStillAnswering()
    expectNoFailures()
  })

  test('content-source ingest, held and mapped, with every cleanup transform on', async () => {
    const create = async (name: string) => {
      const res = await fetch(`${origin}${BASE}/manage/dispatch`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${plane.admin.key}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          resource: 'content_sources', action: 'create',
          params: {
            name, auth_mode: 'none', content_cleanup: true, strip_uncategorized: true, strip_inbody_toc: true, strip_inbody_faq: true,
            add_heading_anchors: true, image_modify: { lazy_load: true, alt_from_filename: true, add_class: 'fuzz', rewrite_src: { from: '/a/', to: '/b/' } },
            meta_fields: { seo: 'seo' }, taxonomy_apply_mode: 'append',
          },
        }),
      })
      return (await res.json() as { data: { id: string, slug: string } }).data
    }
    const article = { id: 'a-0', title: 'Fuzz', body_html: '<h2>Hi</h2><p>Text</p>', summary: 'S', tags: ['x'], category: 'News', seo: { t: 1 } }
    const held = await create('Fuzz held')
    const active = await create('Fuzz active')
    await attempt('ingest sample', `/ingest/${active.slug}`, { body: JSON.stringify(article), type: 'application/json', auth: false })
    await fetch(`${origin}${BASE}/manage/dispatch`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${plane.admin.key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ resource: 'content_sources', action: 'approve_mapping', params: { id: active.id, mapping: { title: 'title', content: 'body_html', excerpt: 'summary', tags: 'tags', categories: 'category', external_id: 'id' } } }),
    })
    let n = 0
    const jobs: Array<() => Promise<void>> = []
    const send = (source: { slug: string }, label: string, body: string) =>
      jobs.push(() => attempt(`ingest ${source.slug}: ${label}`, `/ingest/${source.slug}`, { body, type: 'application/json', auth: false }))
    for (const source of [held, active]) {
      for (const field of Object.keys(article)) {
        const { [field]: _replaced, ...others } = article as Record<string, unknown>
        for (const value of HOSTILE_VALUES) send(source, `${field} = ${value.label}`, withMember({ ...others, id: `a-${++n}` }, field, value.json))
      }
      for (const value of HOSTILE_VALUES) send(source, `body = ${value.label}`, value.json)
      send(source, 'wide object', `{${Array.from({ length: 3000 }, (_, i) => `"k${i}":${i}`).join(',')}}`)
      send(source, 'key with U+0000', '{"a\\u0000":1}')
      send(source, 'long key', `{"${'k'.repeat(5000)}":1}`)
    }
    await inParallel(jobs)
    await expectStillAnswering()
    expectNoFailures()
  })
})
