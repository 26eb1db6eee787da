// @svc-provider-independent: which events a subscription's credential may read is decided in code; delivery, retries and key lookup run on both providers in webhooks, outbox and authentication (runs once, on SQLite).
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import request from 'supertest'
import { useTestServer } from './support/in-process-server.ts'
import { BASE } from './support/client.ts'
import { startReceiver, type Receiver } from './support/webhooks.ts'
import { assertMaySubscribe } from '../packages/control-plane/src/resources/webhooks/reach.ts'

let receiver: Receiver
beforeAll(async () => { receiver = await startReceiver() })
afterAll(async () => { await receiver.close() })

// The test drives the outbox itself, so what is sent after a revocation is seen, not raced.
const plane = useTestServer({ outbox: false })
const admin = (resource: string) => plane.caller(resource)

async function mint (scopes: string[]): Promise<{ id: string, key: string }> {
  const res = await admin('api_keys')('mint', { label: `reach ${scopes.join(' ')}`, scopes })
  expect(res.body.error).toBeNull()
  return { id: res.body.data.id, key: res.body.data.key }
}

const as = (key: string, resource: string, action: string, params: Record<string, unknown>, confirm?: boolean) => request(plane.server.app)
  .post(`${BASE}/manage/dispatch`).set('Authorization', `Bearer ${key}`).send({ resource, action, params, ...confirm ? { confirm } : {} })

const captureLead = (email: string) => request(plane.server.app).post(`${BASE}/public/leads`).type('form').send({ source: 'reach', email })

async function deliverAll (): Promise<void> {
  while (await plane.server.runtime.outbox.runOnce() > 0);
}

const receivedTypes = () => receiver.received.map(entry => (JSON.parse(entry.body) as { type: string }).type)

describe('a subscription reaches only what its credential may read', () => {
  test('a key scoped to webhooks cannot subscribe to * or lead.*, only to the events of resources it reads', async () => {
    const { key } = await mint(['webhooks'])
    for (const eventTypes of [['*'], ['lead.*'], ['lead.captured']]) {
      const refused = await as(key, 'webhooks', 'create', { url: receiver.url, event_types: eventTypes })
      expect([refused.status, refused.body.code]).toEqual([403, 'forbidden'])
      expect(refused.body.error).toContain('lead.captured')
    }
    const allowed = await as(key, 'webhooks', 'create', { url: receiver.url, event_types: ['webhook.test'] })
    expect(allowed.body.error).toBeNull()
  })

  test('a narrow key cannot point an administrator\'s * subscription at itself, nor widen its own', async () => {
    const wide = (await admin('webhooks')('create', { url: 'https://hooks.example.com/admin-wide', event_types: ['*'] })).body.data
    const { key } = await mint(['webhooks', 'leads'])
    const redirected = await as(key, 'webhooks', 'update', { id: wide.id, url: receiver.url })
    expect([redirected.status, redirected.body.code]).toEqual([403, 'forbidden'])
    const own = (await as(key, 'webhooks', 'create', { url: receiver.url, event_types: ['lead.*'] })).body.data
    const widened = await as(key, 'webhooks', 'update', { id: own.id, event_types: ['*'] })
    expect([widened.status, widened.body.code]).toEqual([403, 'forbidden'])
    await admin('webhooks')('delete', { id: own.id }, true)
    await admin('webhooks')('delete', { id: wide.id }, true)
  })

  test('when the key that made a subscription is revoked, its events stop', async () => {
    const { id, key } = await mint(['webhooks', 'leads'])
    const subscription = (await as(key, 'webhooks', 'create', { url: receiver.url, event_types: ['lead.captured'] })).body.data
    const before = receiver.received.length
    expect((await captureLead('reach.one@example.com')).status).toBeLessThan(300)
    await deliverAll()
    expect(receiver.received.length).toBe(before + 1)
    expect(receivedTypes().at(-1)).toBe('lead.captured')

    expect((await admin('api_keys')('revoke', { id }, true)).body.error).toBeNull()
    expect((await captureLead('reach.two@example.com')).status).toBeLessThan(300)
    await deliverAll()
    expect(receiver.received.length).toBe(before + 1)
    const deliveries = await plane.server.db.svcWebhookDelivery.count({ where: { subscriptionId: subscription.id } })
    expect(deliveries).toBe(1)
    await admin('webhooks')('delete', { id: subscription.id }, true)
  })

  test('when the owner of the key that made a subscription loses the capability, its events stop', async () => {
    const owner = await plane.account('administrator')
    const subscription = (await owner.dispatch({ resource: 'webhooks', action: 'create', params: { url: receiver.url, event_types: ['lead.captured'] } })).body.data
    expect(subscription.id).toEqual(expect.any(String))
    await plane.server.db.user.update({ where: { id: owner.id }, data: { role: 'editor' } })
    const before = receiver.received.length
    expect((await captureLead('reach.demoted@example.com')).status).toBeLessThan(300)
    await deliverAll()
    expect(receiver.received.length).toBe(before)
    expect(await plane.server.db.svcWebhookDelivery.count({ where: { subscriptionId: subscription.id } })).toBe(0)
    await admin('webhooks')('delete', { id: subscription.id }, true)
  })

  test('an OAuth grant cannot subscribe: a subscription would outlive the grant', () => {
    const connector = { account: { id: '1', email: 'a@example.test', name: 'a', role: 'administrator' }, mode: 'oauth' as const, keyId: null, clientId: 'client', grant: { scopes: null, readOnly: false }, approval: 'none' as const, keyExpiresAt: null }
    expect(() => assertMaySubscribe(connector)).toThrow(expect.objectContaining({ code: 'forbidden' }))
    expect(() => assertMaySubscribe({ ...connector, mode: 'session', clientId: null })).not.toThrow()
  })

  test('redeliver sends only events the subscription covers, or the test event sent to it', async () => {
    const crmOnly = (await admin('webhooks')('create', { url: receiver.url, event_types: ['crm.*'] })).body.data
    await captureLead('reach.three@example.com')
    const lead = await plane.server.db.svcEvent.findFirstOrThrow({ where: { type: 'lead.captured' }, orderBy: { id: 'desc' } })
    const refused = await admin('webhooks')('redeliver', { id: crmOnly.id, event_id: lead.eventId })
    expect([refused.status, refused.body.code]).toEqual([403, 'forbidden'])
    const sent = (await admin('webhooks')('test', { id: crmOnly.id })).body.data
    const again = await admin('webhooks')('redeliver', { id: crmOnly.id, event_id: sent.event_id })
    expect(again.body.error).toBeNull()
    await admin('webhooks')('delete', { id: crmOnly.id }, true)
  })
})
