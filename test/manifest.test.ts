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
  'ai.clear_secret': { valid: { confirm: true }, invalid: { confirm: 'yes' } },
  'ai.get': { valid: {}, invalid: { provider: 'openai' } },
  'ai.set_secret': { valid: { api_key: 'sk-test' }, invalid: {} },
  'ai.test': { valid: {}, invalid: { timeout_ms: 5 } },
  'ai.update': { valid: { provider: 'anthropic', temperature: 1.5, max_tokens: 2048, base_url: null }, invalid: { temperature: 3 } },
  'api_keys.list': { valid: {}, invalid: { extra: 1 } },
  'api_keys.mint': { valid: { label: 'CI', expires_in_days: 30 }, invalid: { label: 'CI', expires_in_days: 0 } },
  'api_keys.revoke': { valid: { id: 'abc', confirm: true }, invalid: { id: 'abc', confirm: 'yes' } },
  'audit.list': { valid: { page: 2, per_page: 50, ok: false, since: '2026-01-01' }, invalid: { per_page: 101 } },
  'crm.create': { valid: { name: 'CRM', url: 'https://crm.example.com', link_admin_only: true }, invalid: { url: 'https://crm.example.com' } },
  'crm.delete': { valid: { crm_num: '01', confirm: true }, invalid: { crm_num: '1234' } },
  'crm.get': { valid: { crm_num: '7' }, invalid: { crm_num: 'x' } },
  'crm.list': { valid: {}, invalid: { page: 1 } },
  'crm.set_secret': { valid: { crm_num: '001', api_key: 'k' }, invalid: { crm_num: '001' } },
  'crm.update': { valid: { crm_num: '2', url: '' }, invalid: { crm_num: '2', link_admin_only: 'no' } },
  'integrations.clear_secret': { valid: { key: 'slack', confirm: true }, invalid: { key: 'myspace' } },
  'integrations.get': { valid: { key: 'zapier' }, invalid: {} },
  'integrations.list': { valid: {}, invalid: { key: 'slack' } },
  'integrations.set_secret': { valid: { key: 'matomo', secret: 'abc' }, invalid: { key: 'matomo' } },
  'integrations.update': { valid: { key: 'google_analytics', enabled: true, settings: { measurement_id: 'G-ABC1234' } }, invalid: { key: 'google_analytics', enabled: 'on' } },
  'variables.delete': { valid: { name: 'site.flag', confirm: true }, invalid: { name: 'Site' } },
  'variables.get': { valid: { name: 'leads.contact_crm_num' }, invalid: { name: `a${'b'.repeat(64)}` } },
  'variables.list': { valid: { page: 1, per_page: 100, prefix: 'leads.' }, invalid: { prefix: 'Leads' } },
  'variables.set': { valid: { name: 'site.flag', value: { a: [1, null] }, description: 'x' }, invalid: { name: 'site.flag' } },
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

  test('destructive operations are exactly the deletes, revoke and clear_secret, and declare confirm as an optional boolean', () => {
    const destructive = manifest.operations.filter(op => op.destructive).map(op => op.name)
    expect(destructive).toEqual(['ai.clear_secret', 'api_keys.revoke', 'crm.delete', 'integrations.clear_secret', 'variables.delete'])
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
