// @svc-provider-independent: the manifest is generated from the registry, the same on either database (runs once, on SQLite).
import { beforeAll, describe, expect, test } from '@jest/globals'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { useTestServer } from './support/in-process-server.ts'
import { getWithKey } from './support/client.ts'
import { builtinResources } from '../packages/control-plane/src/resources/index.ts'
import { siteNotes } from '../examples/site-notes/index.ts'
import type { JsonObject } from './support/json.ts'
import { readFileSync } from 'node:fs'
import { productVersionOf } from '../packages/control-plane/src/platform/version.ts'

let manifest: { namespace: string, product_version: string, operations: JsonObject[] }
/** The built-in operations' entries; the host's own (the extension example) are tested on their own. */
let builtins: JsonObject[]

/** A valid and an invalid params example for every built-in operation. */
/** The operations release 1.5.0 brought. */
const ADDED_IN_1_5 = ['audit.get', 'audit.revert']

const EXAMPLES: Record<string, { valid: object, invalid: object }> = {
  'ai.clear_secret': { valid: { confirm: true }, invalid: { confirm: 'yes' } },
  'ai.get': { valid: {}, invalid: { provider: 'openai' } },
  'ai.set_secret': { valid: { api_key: 'sk-test' }, invalid: {} },
  'ai.test': { valid: {}, invalid: { timeout_ms: 5 } },
  'ai.update': { valid: { provider: 'anthropic', temperature: 1.5, max_tokens: 2048, base_url: null }, invalid: { temperature: 3 } },
  'api_keys.list': { valid: {}, invalid: { extra: 1 } },
  'api_keys.mint': { valid: { label: 'CI', expires_in_days: 30 }, invalid: { label: 'CI', expires_in_days: 0 } },
  'api_keys.revoke': { valid: { id: 'abc', confirm: true }, invalid: { id: 'abc', confirm: 'yes' } },
  'approvals.approve': { valid: { id: 'cm123' }, invalid: { id: '' } },
  'approvals.get': { valid: { id: 'cm123' }, invalid: {} },
  'connected_apps.endpoints': { valid: {}, invalid: { toolsets: ['crm'] } },
  'connected_apps.list': { valid: {}, invalid: { extra: 1 } },
  'connected_apps.revoke': { valid: { grant_id: 'g1' }, invalid: { grant_id: '' } },
  'approvals.list': { valid: { status: 'all' }, invalid: { status: 'done' } },
  'approvals.reject': { valid: { id: 'cm123' }, invalid: { id: 7 } },
  'audit.get': { valid: { id: 12 }, invalid: { id: 0 } },
  'audit.revert': { valid: { trace_id: '4bf92f3577b34da6a3ce929d0e0e4736', confirm: true }, invalid: { audit_id: 'twelve' } },
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
  'content_sources.process_held': { valid: { id: 'src_1' }, invalid: { id: '' } },
  'content_sources.list_deliveries': { valid: { per_page: 50, cursor: 'WzEwXQ', source_id: 'feed', status: 'held' }, invalid: { status: 'lost' } },
  'content_sources.rotate_secret': { valid: { id: 'x' }, invalid: { id: 'x', secret: 'mine' } },
  'content_sources.update': { valid: { id: 'x', enabled: false, reingest_mode: 'update', forward_url: '' }, invalid: { id: 'x', slug: 'new-slug' } },
  'crm.create': { valid: { name: 'CRM', url: 'https://crm.example.com', link_admin_only: true }, invalid: { url: 'https://crm.example.com' } },
  'crm.delete': { valid: { crm_num: '01', confirm: true }, invalid: { crm_num: '1234' } },
  'crm.get': { valid: { crm_num: '7' }, invalid: { crm_num: 'x' } },
  'crm.list': { valid: {}, invalid: { page: 1 } },
  'crm.set_secret': { valid: { crm_num: '001', api_key: 'k' }, invalid: { crm_num: '001' } },
  'crm.update': { valid: { crm_num: '2', url: '' }, invalid: { crm_num: '2', link_admin_only: 'no' } },
  'jobs.cancel': { valid: { job_id: 3 }, invalid: { job_id: 0 } },
  'jobs.get': { valid: { job_id: 3 }, invalid: { job_id: '3' } },
  'jobs.list': { valid: { status: 'running', kind: 'pipelines.run_batch', per_page: 5 }, invalid: { status: 'done' } },
  'leads.capture': {
    valid: { source: 'form', email: 'a@example.com', attribution: { utm_source: 'x', gclid: 'g' }, data: { message: 'hi', tags: ['a'] } },
    invalid: { source: 'form', attribution: { utm_sauce: 'x' } },
  },
  'leads.daily_counts': { valid: { days: 90 }, invalid: { days: 91 } },
  'leads.status_counts': { valid: {}, invalid: { status: 'New' } },
  'leads.start_verify_all': { valid: { from_checkpoint: true }, invalid: { from_checkpoint: 'yes' } },
  'leads.delete': { valid: { id: 3, confirm: true }, invalid: { id: '3' } },
  'leads.export': { valid: { since: '2026-01-01T00:00:00Z', limit: 500, cursor: 'WzEwXQ' }, invalid: { limit: 5001 } },
  'leads.get': { valid: { id: 1 }, invalid: { id: 0 } },
  'leads.link_rt_contact': { valid: { id: 1, rt_contact_id: 'c-1' }, invalid: { id: 1 } },
  'leads.list': { valid: { page: 1, per_page: 100, source: 'form', since: '2026-01-01' }, invalid: { per_page: 0 } },
  'leads.set_status': { valid: { id: 1, status: 'Customer' }, invalid: { id: 1, status: 'Lost' } },
  'leads.set_status_local': { valid: { id: 1, status: 'New' }, invalid: { id: 1, status: 'new' } },
  'leads.verify': { valid: { id: 1 }, invalid: { id: 1.5 } },
  'leads.verify_all': { valid: { from_checkpoint: true }, invalid: { from_checkpoint: 'yes' } },
  'modules.disable': { valid: { module: 'leads' }, invalid: { module: '' } },
  'modules.enable': { valid: { module: 'leads' }, invalid: {} },
  'modules.list': { valid: {}, invalid: { all: true } },
  'pipelines.create_recipe': {
    valid: { name: 'Wire', priority: 3, stages: [{ type: 'set_excerpt', options: { max_length: 200 } }], trigger: { on: ['ingest'], sources: ['wire'] }, policy: { on_error: 'continue' } },
    invalid: { name: 'Wire', trigger: { on: ['nightly'] } },
  },
  'pipelines.daily_run_counts': { valid: { days: 1 }, invalid: { days: 0 } },
  'pipelines.delete_recipe': { valid: { id: 'wire', confirm: true }, invalid: { id: 'Wire Recipe' } },
  'pipelines.get_recipe': { valid: { id: 'default' }, invalid: {} },
  'pipelines.get_run': { valid: { id: 7 }, invalid: { id: '7' } },
  'pipelines.list_posts': { valid: { search: 'launch', limit: 10 }, invalid: { limit: 0 } },
  'pipelines.list_recipes': { valid: {}, invalid: { page: 1 } },
  'pipelines.list_runs': { valid: { page: 2, per_page: 50, post_id: 3, recipe_id: 'default', status: 'failed' }, invalid: { status: 'done' } },
  'pipelines.list_stages': { valid: {}, invalid: { type: 'x' } },
  'pipelines.run': { valid: { post_id: 3, recipe_id: 'default', dry_run: true, force: false }, invalid: { recipe_id: 'default' } },
  'pipelines.run_batch': {
    valid: { filter: { source: 'wire', status: 'publish', since: '2026-01-01', until: '2026-02-01T00:00:00Z' }, recipe_id: 'default', dry_run: true },
    invalid: { filter: { source: 'wire', author: 3 } },
  },
  'pipelines.update_recipe': { valid: { id: 'wire', policy: { skip_unchanged: false } }, invalid: { id: 'wire', policy: { stage_timeout_ms: 0 } } },
  'status.audit_activity': { valid: {}, invalid: { hours: 48 } },
  'status.get': { valid: {}, invalid: { verbose: true } },
  'status.outbox_depth': { valid: {}, invalid: { hours: 48 } },
  'sessions.revoke': { valid: { account_id: '7' }, invalid: { account_id: '' } },
  'roles.assign': { valid: { slug: 'editor', user_num: '7' }, invalid: { slug: 'Editor', user_num: '7' } },
  'roles.create': { valid: { name: 'Lead', constraint_type: 'max', max_count: 2, color: '#abc' }, invalid: { name: 'Lead', constraint_type: 'min' } },
  'roles.delete': { valid: { slug: 'lead', confirm: true }, invalid: { slug: 'lead', confirm: 1 } },
  'roles.list': { valid: {}, invalid: { system: true } },
  'roles.unassign': { valid: { slug: 'lead-2', user_num: '007' }, invalid: { slug: 'lead-2', user_num: '0007' } },
  'roles.update': { valid: { slug: 'lead', max_count: 3 }, invalid: { slug: 'lead', max_count: 0 } },
  'users.create': {
    valid: { first_name: 'Ada', email: 'ada@example.com', link_profile_pic_attachment_id: '12', model_photo_ids: [1, 2], notify_replies: '' },
    invalid: { email: 'not-an-email' },
  },
  'users.delete': { valid: { user_num: '1', confirm: true }, invalid: { user_num: '' } },
  'users.get': { valid: { user_num: '001' }, invalid: { user_num: 1 } },
  'users.link_account': { valid: { user_num: '1', account_id: 'cm0abc' }, invalid: { user_num: '1' } },
  'users.list': { valid: {}, invalid: { active: true } },
  'users.send_welcome_email': { valid: { user_num: '1', dry_run: true, confirm: true }, invalid: { user_num: '1', dry_run: 'yes' } },
  'users.unlink_account': { valid: { user_num: '12' }, invalid: { user_num: '12', account_id: 'x' } },
  'users.update': { valid: { user_num: '1', link_profile_pic: '', model_consent_granted: '1' }, invalid: { user_num: '1', model_consent_granted: 'yes' } },
  'integrations.clear_secret': { valid: { key: 'slack', confirm: true }, invalid: { key: 'myspace' } },
  'integrations.get': { valid: { key: 'zapier' }, invalid: {} },
  'integrations.list': { valid: {}, invalid: { key: 'slack' } },
  'integrations.set_secret': { valid: { key: 'matomo', secret: 'abc' }, invalid: { key: 'matomo' } },
  'integrations.update': { valid: { key: 'google_analytics', enabled: true, settings: { measurement_id: 'G-ABC1234' } }, invalid: { key: 'google_analytics', enabled: 'on' } },
  'variables.delete': { valid: { name: 'site.flag', confirm: true }, invalid: { name: 'Site' } },
  'variables.get': { valid: { name: 'leads.contact_crm_num' }, invalid: { name: `a${'b'.repeat(64)}` } },
  'variables.list': { valid: { page: 1, per_page: 100, prefix: 'leads.' }, invalid: { prefix: 'Leads' } },
  'variables.set': { valid: { name: 'site.flag', value: { a: [1, null] }, description: 'x' }, invalid: { name: 'site.flag' } },
  'webhooks.create': { valid: { url: 'https://hooks.example.com/a', event_types: ['lead.*', '*'], description: 'x' }, invalid: { url: 'https://hooks.example.com/a', event_types: [] } },
  'webhooks.delete': { valid: { id: 'wh_0123456789abcdef01234567', confirm: true }, invalid: { id: 'wh_x' } },
  'webhooks.get': { valid: { id: 'wh_0123456789abcdef01234567' }, invalid: {} },
  'webhooks.list': { valid: {}, invalid: { enabled: true } },
  'webhooks.delivery_stats': { valid: { days: 30 }, invalid: { days: '7' } },
  'webhooks.list_deliveries': { valid: { id: 'wh_0123456789abcdef01234567', per_page: 100 }, invalid: { id: 'wh_0123456789abcdef01234567', per_page: 101 } },
  'webhooks.redeliver': { valid: { id: 'wh_0123456789abcdef01234567', event_id: 'evt_1' }, invalid: { id: 'wh_0123456789abcdef01234567' } },
  'webhooks.rotate_secret': { valid: { id: 'wh_0123456789abcdef01234567' }, invalid: { id: 'wh_0123456789abcdef01234567', secret: 'x' } },
  'webhooks.test': { valid: { id: 'wh_0123456789abcdef01234567' }, invalid: { id: 7 } },
  'webhooks.update': { valid: { id: 'wh_0123456789abcdef01234567', enabled: true }, invalid: { id: 'wh_0123456789abcdef01234567', event_types: ['Lead.*'] } },
}

const plane = useTestServer()
beforeAll(async () => {
  const res = await getWithKey(plane.server.app, plane.admin.key, '/manage/manifest')
  expect(res.status).toBe(200)
  manifest = res.body.data
  const builtinNames = new Set(builtinResources.flatMap(resource => resource.operations).map(op => op.name))
  builtins = manifest.operations.filter(op => builtinNames.has(op.name))
})

describe('manifest', () => {
  test('names the namespace and product version, the package\'s in the contract\'s form', () => {
    expect(manifest.namespace).toBe('svc/v1')
    expect(manifest.product_version).toBe(productVersionOf(JSON.parse(readFileSync('packages/control-plane/package.json', 'utf8')).version))
    expect(manifest.product_version).toMatch(/^\d+\.\d+\.\d{3}$/)
  })

  test('lists every registered operation once, sorted by name', () => {
    const names = manifest.operations.map(op => op.name)
    const registered = [...builtinResources, siteNotes].flatMap(resource => resource.operations).map(op => op.name)
    expect(names).toEqual(registered.sort())
    expect(new Set(names).size).toBe(names.length)
  })

  test('every entry carries capability, flags and metadata', () => {
    for (const op of builtins) {
      expect(op).toMatchObject({ capability: 'manage_options', since: ADDED_IN_1_5.includes(op.name) ? '1.5.000' : '1.4.000', module: expect.any(String), enabled: true })
      expect(op.name).toBe(`${op.resource}.${op.action}`)
      for (const flag of ['readonly', 'destructive', 'idempotent', 'open_world', 'starts_job']) expect(typeof op[flag]).toBe('boolean')
      expect(op.get_path).toBe(op.readonly ? `/api/svc/v1/manage/${op.resource}/${op.action}` : null)
      expect(op.params.$schema).toBe('https://json-schema.org/draft/2020-12/schema')
      expect(op.summary.length).toBeGreaterThan(0)
    }
  })

  test('destructive operations are the deletes, revoke, revert, clear_secret and send_welcome_email, and declare confirm as an optional boolean', () => {
    const destructive = builtins.filter(op => op.destructive).map(op => op.name)
    expect(destructive).toEqual([
      'ai.clear_secret', 'api_keys.revoke', 'audit.revert', 'connected_apps.revoke', 'content_sources.delete', 'crm.delete', 'integrations.clear_secret',
      'leads.delete', 'pipelines.delete_recipe', 'roles.delete', 'sessions.revoke', 'users.delete', 'users.send_welcome_email', 'variables.delete', 'webhooks.delete',
    ])
    for (const op of builtins.filter(op => op.destructive)) {
      expect(op.params.properties.confirm).toMatchObject({ type: 'boolean' })
      expect(op.params.required ?? []).not.toContain('confirm')
    }
  })

  test('every params schema accepts a valid example and rejects an invalid one', () => {
    const ajv = new Ajv2020({ strict: false })
    addFormats.default(ajv)
    expect(Object.keys(EXAMPLES).sort()).toEqual(builtins.map(op => op.name))
    for (const op of builtins) {
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
