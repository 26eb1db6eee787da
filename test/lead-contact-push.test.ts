import { afterAll, beforeAll, beforeEach, describe, expect, test } from '@jest/globals'
import { useTestServer } from './support/in-process-server.ts'
import { seenBodies } from './support/client.ts'
import { startHttpPeer, type HttpPeer } from './support/loopback-peer.ts'
import { CONTACT_STATUS_TOPIC } from '../packages/control-plane/src/resources/leads/contact-push.ts'
import { leads as leadsResource } from '../packages/control-plane/src/resources/leads/index.ts'

const CRM_KEY = 'contact-crm-key-PLAINTEXT-5f1e'
const ROTATED_KEY = 'contact-crm-key-ROTATED-77aa'

let clock = new Date('2026-05-01T08:00:00.000Z')
const plane = useTestServer({ clock: () => clock, builtins: [leadsResource({ contactCrmNum: 1 })], outbox: { pollMs: 3_600_000, baseMs: 1000 } })
const leads = plane.caller('leads')
const crm = plane.caller('crm')
const variables = plane.caller('variables')
let peer: HttpPeer

beforeAll(async () => { peer = await startHttpPeer() })

// Every test starts with CRM slot 1 reaching the peer with CRM_KEY, and no push queued.
beforeEach(async () => {
  await plane.server.db.svcOutboxMessage.deleteMany({ where: { topic: CONTACT_STATUS_TOPIC } })
  await plane.server.db.svcCrmSlot.deleteMany()
  await crm('create', { name: 'Contacts', url: `${peer.url}/api/` })
  await crm('set_secret', { crm_num: '1', api_key: CRM_KEY })
})
afterAll(async () => { await peer.close() })

async function linkedLead (rtContactId: string): Promise<{ id: number, ref: string }> {
  const { body } = await leads('capture', { source: 'form', email: `${rtContactId}@example.test` })
  await leads('link_rt_contact', { id: body.data.id, rt_contact_id: rtContactId })
  return body.data
}

const contactMessages = () => plane.server.db.svcOutboxMessage.findMany({ where: { topic: CONTACT_STATUS_TOPIC }, orderBy: { id: 'asc' } })
/** Joins the delivery the operation kicked off, or runs one. */
const deliver = () => plane.server.runtime.outbox.kick()
const advance = (ms: number) => { clock = new Date(clock.getTime() + ms) }
const newRequests = async (action: () => Promise<unknown>) => {
  const before = peer.received.length
  await action()
  return peer.received.slice(before)
}

describe('pushes to the external contact system', () => {
  test('a local status change is pushed right after commit, with the CRM slot key as bearer', async () => {
    const lead = await linkedLead('rt-7')
    const requests = await newRequests(async () => {
      const res = await leads('set_status_local', { id: lead.id, status: 'Qualified' })
      expect(res.body).toMatchObject({ ok: true, data: { id: lead.id, status: 'Qualified', label: 'Qualified' } })
      await deliver()
    })
    expect(requests).toHaveLength(1)
    const request = requests[0]!
    expect(request.method).toBe('POST')
    expect(request.url).toBe('/api/contacts/rt-7/status')
    expect(request.headers.authorization).toBe(`Bearer ${CRM_KEY}`)
    expect(request.headers['content-type']).toBe('application/json')
    const events = (await leads('get', { id: lead.id })).body.data.events
    expect(events.at(-1)).toMatchObject({ type: 'status_changed', data: { from: 'New', to: 'Qualified', origin: 'local' } })
    expect(request.headers['idempotency-key']).toBe(events.at(-1).hash)
    expect(JSON.parse(request.body)).toEqual({ status: 'qualified', lead_ref: lead.ref, changed_at: clock.toISOString() })
    await deliver()
    expect(await contactMessages()).toEqual([expect.objectContaining({ status: 'delivered', attempts: 1, orderingKey: 'leads.contact:rt-7' })])
  })

  test('an inbound status change (leads.set_status) is never pushed back', async () => {
    const lead = await linkedLead('rt-8')
    const queued = (await contactMessages()).length
    const requests = await newRequests(async () => {
      await leads('set_status', { id: lead.id, status: 'Customer' })
      await deliver()
    })
    expect(requests).toEqual([])
    expect(await contactMessages()).toHaveLength(queued)
    const events = (await leads('get', { id: lead.id })).body.data.events
    expect(events.at(-1).data).toEqual({ from: 'New', to: 'Customer', origin: 'inbound' })
  })

  test('a local change of a lead with no contact id queues nothing', async () => {
    const { body } = await leads('capture', { source: 'form' })
    const queued = (await contactMessages()).length
    const requests = await newRequests(async () => {
      await leads('set_status_local', { id: body.data.id, status: 'Contacted' })
      await deliver()
    })
    expect(requests).toEqual([])
    expect(await contactMessages()).toHaveLength(queued)
  })

  test('a refused push is retried with backoff and delivered once the contact system accepts it', async () => {
    const lead = await linkedLead('rt-9')
    peer.answerWith(503)
    const first = await newRequests(async () => {
      await leads('set_status_local', { id: lead.id, status: 'Contacted' })
      await deliver()
    })
    expect(first).toHaveLength(1)
    const pending = (await contactMessages()).at(-1)!
    expect(pending).toMatchObject({ status: 'pending', attempts: 1, lastError: `POST ${peer.url} answered 503` })
    expect(await newRequests(deliver)).toEqual([])
    advance(1000)
    const retry = await newRequests(deliver)
    expect(retry).toHaveLength(1)
    expect(retry[0]!.headers['idempotency-key']).toBe(first[0]!.headers['idempotency-key'])
    expect((await contactMessages()).at(-1)).toMatchObject({ status: 'delivered', attempts: 2 })
  })

  test('the CRM slot and its key are looked up at delivery: an empty slot holds the push until it is filled', async () => {
    const lead = await linkedLead('rt-10')
    await crm('delete', { crm_num: '1' }, true)
    await leads('set_status_local', { id: lead.id, status: 'Customer' })
    await deliver()
    expect((await contactMessages()).at(-1)).toMatchObject({ status: 'pending', lastError: 'the contact CRM slot 001 is empty' })
    await crm('create', { name: 'Contacts', url: `${peer.url}/api` })
    await crm('set_secret', { crm_num: '1', api_key: ROTATED_KEY })
    advance(1000)
    const requests = await newRequests(deliver)
    expect(requests.map(r => [r.url, r.headers.authorization])).toEqual([['/api/contacts/rt-10/status', `Bearer ${ROTATED_KEY}`]])
  })

  test('outbox payloads carry no secret', async () => {
    const lead = await linkedLead('rt-payload')
    await leads('set_status_local', { id: lead.id, status: 'Qualified' })
    await crm('set_secret', { crm_num: '1', api_key: ROTATED_KEY })
    await leads('set_status_local', { id: lead.id, status: 'Customer' })
    await deliver()
    const messages = await contactMessages()
    expect(messages).toHaveLength(2)
    for (const message of messages) {
      expect(Object.keys(message.payload as object).sort()).toEqual(['changed_at', 'idempotency_key', 'lead_ref', 'rt_contact_id', 'status', 'traceparent'])
      expect(JSON.stringify(message.payload)).not.toContain(CRM_KEY)
      expect(JSON.stringify(message.payload)).not.toContain(ROTATED_KEY)
    }
  })
})

describe('leads.delete and the contact system', () => {
  const auditOf = (ref: string) => plane.server.db.svcAuditEntry.findMany({ where: { operation: 'leads.contact_push' } })
    .then(rows => rows.filter(row => (row.params as { lead_ref?: string }).lead_ref === ref))

  test('after the delete commits, the contact is moved to lost and the push is audited', async () => {
    const lead = await linkedLead('rt-20')
    const requests = await newRequests(async () => {
      const res = await leads('delete', { id: lead.id }, true)
      expect(res.body).toEqual({ ok: true, changed: true, error: null, data: { id: lead.id, deleted: true, contact_push: 'sent' } })
    })
    expect(requests).toHaveLength(1)
    expect(requests[0]!.url).toBe('/api/contacts/rt-20/status')
    expect(JSON.parse(requests[0]!.body)).toEqual({ status: 'lost', lead_ref: lead.ref, changed_at: clock.toISOString() })
    expect(await auditOf(lead.ref)).toEqual([expect.objectContaining({
      ok: true, code: null, params: { lead_id: lead.id, lead_ref: lead.ref, rt_contact_id: 'rt-20', status: 'lost' },
    })])
  })

  test('a failing contact system never blocks the delete; the failure is in the audit log', async () => {
    const lead = await linkedLead('rt-21')
    peer.answerWith(500)
    const res = await leads('delete', { id: lead.id }, true)
    expect(res.body).toEqual({ ok: true, changed: true, error: null, data: { id: lead.id, deleted: true, contact_push: 'failed' } })
    expect(await plane.server.db.svcLead.count({ where: { id: lead.id } })).toBe(0)
    expect(await plane.server.db.svcLeadEvent.count({ where: { leadId: lead.id } })).toBe(0)
    expect(await auditOf(lead.ref)).toEqual([expect.objectContaining({
      ok: false,
      code: 'delivery_failed',
      params: { lead_id: lead.id, lead_ref: lead.ref, rt_contact_id: 'rt-21', status: 'lost', error: `POST ${peer.url} answered 500` },
    })])
  })

  test('status pushes still queued for the contact are superseded by the delete', async () => {
    const lead = await linkedLead('rt-22')
    peer.answerWith(503)
    await leads('set_status_local', { id: lead.id, status: 'Qualified' })
    await deliver()
    expect((await contactMessages()).at(-1)).toMatchObject({ status: 'pending', orderingKey: 'leads.contact:rt-22' })
    await leads('delete', { id: lead.id }, true)
    expect((await contactMessages()).at(-1)).toMatchObject({ status: 'cancelled' })
    advance(60_000)
    expect(await newRequests(deliver)).toEqual([])
  })

  test('the site variable leads.contact_crm_num chooses the contact CRM over the option', async () => {
    const otherPeer = await startHttpPeer()
    try {
      await crm('create', { name: 'Other contacts', url: otherPeer.url })
      const slot = (await crm('list')).body.data.crms.at(-1).crm_num
      await crm('set_secret', { crm_num: slot, api_key: ROTATED_KEY })
      await variables('set', { name: 'leads.contact_crm_num', value: slot })
      const lead = await linkedLead('rt-variable')
      await leads('set_status_local', { id: lead.id, status: 'Customer' })
      const request = await otherPeer.nextRequest()
      expect(request.url).toBe('/contacts/rt-variable/status')
      expect(request.headers.authorization).toBe(`Bearer ${ROTATED_KEY}`)
    } finally {
      await variables('delete', { name: 'leads.contact_crm_num' }, true)
      await otherPeer.close()
    }
  })

  test('no response body contained the CRM key', async () => {
    const lead = await linkedLead('rt-secret')
    await leads('set_status_local', { id: lead.id, status: 'Contacted' })
    await leads('get', { id: lead.id })
    await crm('get', { crm_num: '1' })
    await crm('list', {})
    await leads('delete', { id: lead.id }, true)
    expect(seenBodies.length).toBeGreaterThan(6)
    for (const body of seenBodies) {
      expect(body).not.toContain(CRM_KEY)
      expect(body).not.toContain(ROTATED_KEY)
    }
  })
})
