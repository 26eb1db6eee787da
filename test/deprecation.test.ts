import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import request from 'supertest'
import { z } from 'zod'
import { useTestServer } from './support/in-process-server.ts'
import { BASE, getWithKey } from './support/client.ts'
import { connectMcp2, listen } from './support/mcp-client.ts'
import { addedIn, defineOperation, defineResource, deprecatedField } from '../packages/control-plane/src/index.ts'
import { PRODUCT_VERSION } from '../packages/control-plane/src/platform/version.ts'

/**
 * A resource of the host's on its way out, declared the way docs/http-api.md ("Deprecation") says:
 * an operation (`legacy.list_old`, replaced by `legacy.list`), a param (`old_filter`) and a returned
 * field (`old_total`) deprecated with a replacement and dates.
 */
const OLD = { on: '2026-11-01', sunset: '2027-12-01', replacement: 'legacy.list' }
const FIELD = { on: '2026-10-15', sunset: '2027-11-15', replacement: 'filter' }
const notes = ['alpha', 'beta', 'gamma']
const listed = z.object({
  items: z.array(z.string()),
  total: z.number().int().meta(addedIn(PRODUCT_VERSION)),
  old_total: z.number().int().optional().meta(deprecatedField({ ...FIELD, replacement: 'total' })),
})

const legacy = defineResource({
  name: 'legacy',
  operations: {
    list_old: defineOperation({
      summary: 'The notes, the old way.',
      readonly: true,
      deprecated: OLD,
      params: z.object({}),
      returns: listed,
      examples: [{ title: 'The notes', params: {} }],
      handler: async () => ({ data: { items: notes, total: notes.length, old_total: notes.length }, changed: false }),
    }),
    list: defineOperation({
      summary: 'The notes.',
      readonly: true,
      since: PRODUCT_VERSION,
      params: z.object({
        filter: z.string().optional(),
        old_filter: z.string().optional().meta(deprecatedField(FIELD)),
        with_old_total: z.boolean().optional(),
      }),
      returns: listed,
      examples: [{ title: 'The notes', params: { filter: 'a' } }],
      handler: async ({ filter, old_filter: oldFilter, with_old_total: withOldTotal }) => {
        const items = notes.filter(note => note.includes(filter ?? oldFilter ?? ''))
        return { data: { items, total: items.length, ...withOldTotal ? { old_total: items.length } : {} }, changed: false }
      },
    }),
  },
})

const plane = useTestServer({ extensions: [legacy] })
let http: Awaited<ReturnType<typeof listen>>
beforeAll(async () => { http = await listen(plane.server.app) })
afterAll(async () => { await http?.close() })

const seconds = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000
const httpDate = (day: string) => new Date(`${day}T00:00:00Z`).toUTCString()

describe('marks: the manifest and the OpenAPI document say what is deprecated, until when and what instead', () => {
  test('the manifest entry, its params\' and its returns\' schemas', async () => {
    const manifest = await getWithKey(plane.server.app, plane.admin.key, '/manage/manifest')
    const byName = new Map<string, Record<string, unknown>>(manifest.body.data.operations.map((entry: { name: string }) => [entry.name, entry]))
    expect(byName.get('legacy.list_old')).toMatchObject({ deprecated: true, deprecation: OLD, since: '1.4.000' })
    expect(byName.get('legacy.list')).toMatchObject({ since: PRODUCT_VERSION })
    expect(byName.get('legacy.list')).not.toHaveProperty('deprecated')
    expect(byName.get('crm.list')).not.toHaveProperty('deprecated')
    expect(byName.get('legacy.list')!.params).toMatchObject({ properties: { old_filter: { deprecated: true, 'x-deprecation': FIELD }, filter: { type: 'string' } } })
    expect(byName.get('legacy.list')!.returns).toMatchObject({ properties: { old_total: { deprecated: true }, total: { 'x-since': PRODUCT_VERSION } } })
  })

  test('the OpenAPI operation (both forms) and its schemas', async () => {
    const { body: document } = await getWithKey(plane.server.app, plane.admin.key, '/openapi.json')
    const old = document.paths['/manage/legacy/list_old']
    expect(old.post).toMatchObject({ deprecated: true, 'x-svc-deprecation': OLD, description: expect.stringContaining('Deprecated on 2026-11-01: works until 2027-12-01; use legacy.list instead.') })
    expect(old.get).toMatchObject({ deprecated: true })
    expect(document.paths['/manage/legacy/list'].post).not.toHaveProperty('deprecated')
    expect(document.components.schemas['legacy.list.params'].properties.old_filter).toMatchObject({ deprecated: true })
  })

  test('a deprecation that keeps working less than 12 months, or names no replacement, stops the declaration', () => {
    const declare = (deprecated: typeof OLD) => defineOperation({ resource: 'probe', action: 'old', summary: 'Probe.', deprecated, params: z.object({}), returns: z.object({}), handler: async () => ({ data: {}, changed: false }) })
    expect(() => declare({ ...OLD, sunset: '2027-10-31' })).toThrow('probe.old deprecated: sunset 2027-10-31 is less than 12 months after 2026-11-01')
    expect(() => declare({ ...OLD, replacement: ' ' })).toThrow('names its replacement')
    expect(() => declare({ ...OLD, on: '2026-02-30' })).toThrow('must be days')
    expect(() => deprecatedField({ ...FIELD, sunset: '2027-01-01' })).toThrow('less than 12 months')
  })
})

describe('calls: what uses something deprecated answers with Deprecation and Sunset, and is counted for its caller', () => {
  test('the deprecated operation, through dispatch, its route and the read form, answers as before with both headers', async () => {
    const dispatched = await plane.dispatch({ resource: 'legacy', action: 'list_old' })
    const routed = await request(plane.server.app).post(`${BASE}/manage/legacy/list_old`).set('Authorization', `Bearer ${plane.admin.key}`).send({})
    const read = await getWithKey(plane.server.app, plane.admin.key, '/manage/legacy/list_old')
    for (const res of [dispatched, routed, read]) {
      expect(res.status).toBe(200)
      expect(res.body.data).toEqual({ items: notes, total: 3, old_total: 3 })
      // The earliest of what the call used: the operation (2026-11-01) and its old_total field (2026-10-15).
      expect(res.headers.deprecation).toBe(`@${seconds(FIELD.on)}`)
      expect(res.headers.sunset).toBe(httpDate(FIELD.sunset))
    }
  })

  test('a refused call of a deprecated operation is told too', async () => {
    const refused = await plane.dispatch({ resource: 'legacy', action: 'list_old', params: { filter: 'a' } })
    expect([refused.status, refused.body.code]).toEqual([400, 'invalid_params'])
    expect(refused.headers.deprecation).toBe(`@${seconds(OLD.on)}`)
    expect(refused.headers.sunset).toBe(httpDate(OLD.sunset))
  })

  test('an operation that is not deprecated answers without them, unless the call sends a deprecated param or gets a deprecated field', async () => {
    const plain = await plane.dispatch({ resource: 'legacy', action: 'list', params: { filter: 'a' } })
    expect(plain.body.data).toEqual({ items: ['alpha', 'beta', 'gamma'], total: 3 })
    expect(plain.headers).not.toHaveProperty('deprecation')
    expect(plain.headers).not.toHaveProperty('sunset')
    const oldParam = await plane.dispatch({ resource: 'legacy', action: 'list', params: { old_filter: 'mm' } })
    expect(oldParam.body.data).toEqual({ items: ['gamma'], total: 1 })
    expect([oldParam.headers.deprecation, oldParam.headers.sunset]).toEqual([`@${seconds(FIELD.on)}`, httpDate(FIELD.sunset)])
    const oldField = await plane.dispatch({ resource: 'legacy', action: 'list', params: { filter: 'eta', with_old_total: true } })
    expect(oldField.body.data).toEqual({ items: ['beta'], total: 1, old_total: 1 })
    expect(oldField.headers.deprecation).toBe(`@${seconds(FIELD.on)}`)
  })

  test('over MCP, the tool result carries the same in _meta', async () => {
    const client = await connectMcp2(http.url, plane.admin.key)
    try {
      const result = await client.callTool({ name: 'legacy-list_old', arguments: {} })
      expect(result.isError).toBeFalsy()
      expect(result._meta?.['svc/deprecated']).toEqual([
        { use: 'legacy.list_old', ...OLD },
        { use: 'legacy.list_old returns.old_total', ...FIELD, replacement: 'total' },
      ])
      const plain = await client.callTool({ name: 'legacy-list', arguments: { filter: 'a' } })
      expect(plain._meta).not.toHaveProperty('svc/deprecated')
    } finally {
      await client.close()
    }
  })

  test('status.get counts each use by caller, for the status page: who still calls what', async () => {
    const editor = await plane.account('administrator')
    await editor.dispatch({ resource: 'legacy', action: 'list_old' })
    const { body } = await plane.dispatch({ resource: 'status', action: 'get' })
    const uses = body.data.deprecated_uses as { use: string, caller: string, count: number }[]
    const mine = `api_key:${plane.admin.keyId}`
    // Dispatch, the route, the read form, the refusal, MCP: five calls of the operation with the admin's key.
    expect(uses).toEqual(expect.arrayContaining([
      { use: 'legacy.list_old', caller: mine, count: 5 },
      { use: 'legacy.list_old', caller: `api_key:${editor.keyId}`, count: 1 },
      { use: 'legacy.list_old returns.old_total', caller: mine, count: 4 },
      { use: 'legacy.list params.old_filter', caller: mine, count: 1 },
      { use: 'legacy.list returns.old_total', caller: mine, count: 1 },
    ]))
    expect(uses.filter(use => use.use.startsWith('crm.'))).toEqual([])
  })
})
