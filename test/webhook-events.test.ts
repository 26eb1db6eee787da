import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import request from 'supertest'
import { Webhook } from 'standardwebhooks'
import { useTestServer } from './support/in-process-server.ts'
import { BASE } from './support/client.ts'
import { deliver, startReceiver, type Receiver } from './support/webhooks.ts'
import { z } from 'zod'
import { defineStage } from '../packages/control-plane/src/index.ts'
import { pipelines } from '../packages/control-plane/src/resources/pipelines/index.ts'
import type { JsonObject } from './support/json.ts'

const explode = defineStage({ type: 'explode', summary: 'test: fails', options: z.object({}), run () { throw new Error('exploded on purpose') } })

const MAPPING = { title: 'title', content: 'html', external_id: 'id' }

let receiver: Receiver
beforeAll(async () => { receiver = await startReceiver() })
afterAll(async () => { await receiver.close() })

// The test drives the outbox itself, so what each cause emitted is read before anything is delivered.
const plane = useTestServer({ outbox: false, builtins: [pipelines({ stages: [explode] })] })
let secret = ''
let seen = 0

beforeAll(async () => {
  const created = await plane.caller('webhooks')('create', { url: receiver.url, event_types: ['*'] })
  secret = created.body.data.secret
  seen = await plane.server.db.svcEvent.count()
})

/** The events emitted since the last call, oldest first, as `[type, data]`. */
async function emitted (): Promise<Array<[string, JsonObject]>> {
  const rows = await plane.server.db.svcEvent.findMany({ orderBy: { id: 'asc' }, skip: seen })
  seen += rows.length
  return rows.map(row => [row.type, row.data as JsonObject])
}

const ok = async (resource: string, action: string, params: Record<string, unknown> = {}, confirm?: boolean) => {
  const res = await plane.caller(resource)(action, params, confirm)
  expect([resource, action, res.status, res.body.error]).toEqual([resource, action, 200, null])
  return res.body.data
}

describe('every event type is emitted by its cause', () => {
  test('leads: a form post, a status change and a delete', async () => {
    const form = await request(plane.server.app).post(`${BASE}/public/leads`).type('form').send({ source: 'causes', email: 'cause@example.com' })
    const lead = await plane.server.db.svcLead.findFirstOrThrow({ where: { ref: form.body.data.ref } })
    await ok('leads', 'set_status', { id: lead.id, status: 'Qualified' })
    await ok('leads', 'delete', { id: lead.id }, true)
    expect(await emitted()).toEqual([
      ['lead.captured', expect.objectContaining({ id: lead.id, ref: lead.ref, via: 'public_form', email: 'cause@example.com' })],
      ['lead.status_changed', { id: lead.id, ref: lead.ref, from: 'New', to: 'Qualified', origin: 'inbound' }],
      ['lead.deleted', { id: lead.id, ref: lead.ref }],
    ])
  })

  test('content: a delivery received, a post created from it, a delivery that fails; content sources changing', async () => {
    const source = await ok('content_sources', 'create', { name: `Events ${Math.random()}`, auth_mode: 'none' })
    await deliver(plane.server.app, source.slug, { id: 'sample', title: 'Sample', html: '<p>s</p>' })
    await ok('content_sources', 'approve_mapping', { id: source.id, mapping: MAPPING })
    await deliver(plane.server.app, source.slug, { id: 'second', title: 'Second', html: '<p>2</p>' })
    await deliver(plane.server.app, source.slug, { id: 'third', title: '  ', html: '<p>3</p>' })
    await ok('content_sources', 'update', { id: source.id, name: 'Renamed events source' })
    await ok('content_sources', 'rotate_secret', { id: source.id })
    await ok('content_sources', 'delete', { id: source.id }, true)

    const events = await emitted()
    const types = events.map(([type, data]) => `${type}${data.action ? `:${data.action}` : ''}`)
    expect(types).toEqual([
      'content_source.changed:created',
      'content.delivery_received',
      'content_source.changed:mapping_approved',
      'content.post_created', // the held sample, processed on approval
      'content.delivery_received',
      'content.post_created',
      'content.delivery_received',
      'content.delivery_failed',
      'content_source.changed:updated',
      'content_source.changed:secret_rotated',
      'content_source.changed:deleted',
    ])
    const failed = events.find(([type]) => type === 'content.delivery_failed')![1]
    expect(failed).toMatchObject({ source_id: source.id, source_slug: source.slug, error: expect.stringContaining('title') })
    const created = events.filter(([type]) => type === 'content.post_created').map(([, data]) => data)
    expect(created[1]).toMatchObject({ source_id: source.id, post_id: expect.any(String), published: false })
    for (const [, data] of events.filter(([type]) => type === 'content_source.changed')) {
      expect(JSON.stringify(data)).not.toMatch(/"(secret|forward_secret)"/)
    }
    expect(events.at(-1)![1]).toEqual({ action: 'deleted', id: source.id, record: null })
  })

  test('pipelines: a run that changes the post, one that finds nothing to do, a dry run, one that fails', async () => {
    await ok('pipelines', 'create_recipe', { id: 'exploding', name: 'Exploding', stages: [{ type: 'explode' }], trigger: { on: [] } })
    await emitted()
    const post = await plane.server.db.post.create({ data: { title: 'Pipeline events', content: '<h1>Pipeline events</h1><p>Body text long enough.</p>', status: 'draft' } })
    await ok('pipelines', 'run', { post_id: post.id })
    await ok('pipelines', 'run', { post_id: post.id })
    await ok('pipelines', 'run', { post_id: post.id, dry_run: true })
    await ok('pipelines', 'run', { post_id: post.id, recipe_id: 'exploding' })
    const runs = await emitted()
    expect(runs.map(([type]) => type)).toEqual(Array(4).fill('pipeline.run_completed'))
    expect(runs.map(([, data]) => [data.post_id, data.status, data.is_dry_run])).toEqual([
      [post.id, 'success', false], [post.id, 'skipped', false], [post.id, 'skipped', true], [post.id, 'failed', false],
    ])
    expect(runs[3]![1]).toMatchObject({ recipe_id: 'exploding', message: expect.stringContaining('exploded on purpose') })
  })

  test('crm, team members, roles, modules and API keys', async () => {
    const crm = await ok('crm', 'create', { name: 'Events CRM', url: 'https://crm.example.com' })
    await ok('crm', 'update', { crm_num: crm.crm_num, name: 'Events CRM 2' })
    await ok('crm', 'set_secret', { crm_num: crm.crm_num, api_key: 'crm-secret-key-should-never-leave' })
    await ok('crm', 'delete', { crm_num: crm.crm_num }, true)
    const member = await ok('users', 'create', { first_name: 'Eve', email: 'eve.events@example.com' })
    await ok('users', 'update', { user_num: member.user_num, last_name: 'Events' })
    await ok('users', 'link_account', { user_num: member.user_num, account_id: String(plane.admin.id) })
    await ok('users', 'unlink_account', { user_num: member.user_num })
    const role = await ok('roles', 'create', { name: `Events role ${Math.random()}` })
    await ok('roles', 'update', { slug: role.slug, description: 'changed' })
    await ok('roles', 'assign', { slug: role.slug, user_num: member.user_num })
    await ok('roles', 'unassign', { slug: role.slug, user_num: member.user_num })
    await ok('roles', 'delete', { slug: role.slug }, true)
    await ok('users', 'delete', { user_num: member.user_num }, true)
    await ok('modules', 'disable', { module: 'ai' })
    await ok('modules', 'enable', { module: 'ai' })
    const key = await ok('api_keys', 'mint', { label: 'events key' })
    await ok('api_keys', 'revoke', { id: key.id }, true)

    const events = await emitted()
    expect(events.map(([type, data]) => `${type}${data.action ? `:${data.action}` : ''}`)).toEqual([
      'crm.changed:created', 'crm.changed:updated', 'crm.changed:secret_set', 'crm.changed:deleted',
      'user.changed:created', 'user.changed:updated', 'user.changed:account_linked', 'user.changed:account_unlinked',
      'role.changed:created', 'role.changed:updated', 'role.changed:assigned', 'role.changed:unassigned', 'role.changed:deleted',
      'user.changed:deleted',
      'module.changed:disabled', 'module.changed:enabled',
      'api_key.minted', 'api_key.revoked',
    ])
    expect(events[2]![1]).toMatchObject({ crm_num: crm.crm_num, record: { key_set: true } })
    expect(events[10]![1].record.assigned_users).toEqual([member.user_num])
    expect(events[14]![1]).toMatchObject({ key: 'ai', record: { enabled: false } })
    expect(events[16]![1]).toMatchObject({ id: key.id, label: 'events key', status: 'active' })
    expect(events[17]![1]).toEqual({ id: key.id, descendants_revoked: 0 })
    const all = JSON.stringify(events)
    expect(all).not.toContain('crm-secret-key-should-never-leave')
    expect(all).not.toContain(key.key)
  })

  test('every event emitted above reaches the * subscription signed, with the actor and no secret', async () => {
    const expected = await plane.server.db.svcEvent.count({ where: { type: { not: 'webhook.test' } } })
    while (await plane.server.runtime.outbox.runOnce() > 0);
    const bodies = receiver.received.map(delivery => new Webhook(secret).verify(delivery.body, delivery.headers as Record<string, string>) as JsonObject)
    expect(bodies).toHaveLength(expected)
    const types = new Set(bodies.map(body => body.type))
    for (const type of ['lead.captured', 'lead.status_changed', 'lead.deleted', 'content.delivery_received', 'content.post_created',
      'content.delivery_failed', 'pipeline.run_completed', 'crm.changed', 'content_source.changed', 'user.changed', 'role.changed',
      'api_key.minted', 'api_key.revoked', 'module.changed']) expect(types).toContain(type)
    const minted = bodies.find(body => body.type === 'api_key.minted')!
    expect(minted.actor).toEqual({ account_id: String(plane.admin.id), key_id: plane.admin.keyId })
    expect(bodies.find(body => body.type === 'lead.captured')!.actor).toBeNull()
    for (const delivery of receiver.received) expect(delivery.body).not.toContain(secret)
  })
})
