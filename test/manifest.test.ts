import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { startTestServer, type TestServer } from './support/server.ts'
import { createAccount } from './support/accounts.ts'
import { getWithKey } from './support/client.ts'
import { builtinOperations } from '../src/resources/index.ts'

let server: TestServer
let manifest: { namespace: string, product_version: string, operations: Array<Record<string, any>> }

/** A valid and an invalid params example for every built-in operation. */
const EXAMPLES: Record<string, { valid: object, invalid: object }> = {
  'api_keys.list': { valid: {}, invalid: { extra: 1 } },
  'api_keys.mint': { valid: { label: 'CI', expires_in_days: 30 }, invalid: { label: 'CI', expires_in_days: 0 } },
  'api_keys.revoke': { valid: { id: 'abc', confirm: true }, invalid: { id: 'abc', confirm: 'yes' } },
  'audit.list': { valid: { page: 2, per_page: 50, ok: false, since: '2026-01-01' }, invalid: { per_page: 101 } },
  'content_sources.approve_mapping': { valid: { id: 'x', mapping: { title: 'headline', content: 'body.html' } }, invalid: { id: 'x', mapping: { title: 'headline' } } },
  'content_sources.create': { valid: { name: 'Docs', auth_mode: 'hmac', sig_header_mode: 'custom', new_cpt: { slug: 'doc', name: 'Docs' }, image_modify: { lazy_load: true } }, invalid: { name: 'Docs', auth_mode: 'basic' } },
  'content_sources.delete': { valid: { id: 'x', confirm: true }, invalid: {} },
  'content_sources.export': { valid: { id: 'x' }, invalid: { id: 'x', slug: 'y' } },
  'content_sources.get': { valid: { id: 'x' }, invalid: { id: 1 } },
  'content_sources.import': {
    valid: { envelope: { format: 'svc.content_source', schema_version: 1, payload: { name: 'Docs', slug: 'docs' } }, overwrite: true, confirm: true },
    invalid: { envelope: { format: 'svc.other', schema_version: 1, payload: { name: 'Docs', slug: 'docs' } } },
  },
  'content_sources.list': { valid: {}, invalid: { page: 1 } },
  'content_sources.rotate_secret': { valid: { id: 'x' }, invalid: { id: 'x', secret: 'mine' } },
  'content_sources.update': { valid: { id: 'x', enabled: false, reingest_mode: 'update', forward_url: '' }, invalid: { id: 'x', slug: 'new-slug' } },
  'crm.create': { valid: { name: 'CRM', url: 'https://crm.example.com', link_admin_only: true }, invalid: { url: 'https://crm.example.com' } },
  'crm.delete': { valid: { crm_num: '01', confirm: true }, invalid: { crm_num: '1234' } },
  'crm.get': { valid: { crm_num: '7' }, invalid: { crm_num: 'x' } },
  'crm.list': { valid: {}, invalid: { page: 1 } },
  'crm.set_secret': { valid: { crm_num: '001', api_key: 'k' }, invalid: { crm_num: '001' } },
  'crm.update': { valid: { crm_num: '2', url: '' }, invalid: { crm_num: '2', link_admin_only: 'no' } },
}

beforeAll(async () => {
  server = await startTestServer()
  const { key } = await createAccount(server.db)
  const res = await getWithKey(server.app, key, '/manage/manifest')
  expect(res.status).toBe(200)
  manifest = res.body.data
})
afterAll(async () => server.close())

describe('manifest', () => {
  test('names the namespace and product version', () => {
    expect(manifest.namespace).toBe('svc/v1')
    expect(manifest.product_version).toBe('1.4.000')
  })

  test('lists every registered operation once, sorted by name', () => {
    const names = manifest.operations.map(op => op.name)
    expect(names).toEqual(builtinOperations.map(op => op.name).sort())
    expect(new Set(names).size).toBe(names.length)
  })

  test('every entry carries capability, flags and metadata', () => {
    for (const op of manifest.operations) {
      expect(op).toMatchObject({ capability: 'manage_options', since: '1.4.000', module: expect.any(String) })
      expect(op.name).toBe(`${op.resource}.${op.action}`)
      for (const flag of ['readonly', 'destructive', 'idempotent']) expect(typeof op[flag]).toBe('boolean')
      expect(op.get_path).toBe(op.readonly ? `/api/svc/v1/manage/${op.resource}/${op.action}` : null)
      expect(op.params.$schema).toBe('https://json-schema.org/draft/2020-12/schema')
      expect(op.summary.length).toBeGreaterThan(0)
    }
  })

  test('destructive operations are exactly the deletes and revoke, and declare confirm as an optional boolean', () => {
    const destructive = manifest.operations.filter(op => op.destructive).map(op => op.name)
    expect(destructive).toEqual(['api_keys.revoke', 'content_sources.delete', 'crm.delete'])
    for (const op of manifest.operations.filter(op => op.destructive)) {
      expect(op.params.properties.confirm).toMatchObject({ type: 'boolean' })
      expect(op.params.required ?? []).not.toContain('confirm')
    }
  })

  test('every params schema accepts a valid example and rejects an invalid one', () => {
    const ajv = new Ajv2020({ strict: false })
    addFormats.default(ajv)
    expect(Object.keys(EXAMPLES).sort()).toEqual(manifest.operations.map(op => op.name))
    for (const op of manifest.operations) {
      const validate = ajv.compile(op.params)
      const example = EXAMPLES[op.name]!
      expect([op.name, validate(example.valid)]).toEqual([op.name, true])
      expect([op.name, validate(example.invalid)]).toEqual([op.name, false])
    }
  })

  test('the schemas reject unknown keys, like the dispatcher', () => {
    for (const op of manifest.operations) expect(op.params.additionalProperties).toBe(false)
  })
})
