import { beforeEach, describe, expect, test } from '@jest/globals'
import { useTestServer } from './support/in-process-server.ts'
import { getWithKey } from './support/client.ts'

let clock: Date

const plane = useTestServer({ outbox: false, clock: () => clock })
beforeEach(async () => {
  clock = new Date('2026-04-01T09:00:00.000Z')
  await plane.server.db.svcLeadEvent.deleteMany()
  await plane.server.db.svcLead.deleteMany()
})

const leads = plane.caller('leads')

const advance = (minutes: number) => { clock = new Date(clock.getTime() + minutes * 60_000) }

async function capture (params: Record<string, unknown>): Promise<{ id: number, ref: string }> {
  const res = await leads('capture', params)
  expect(res.status).toBe(200)
  return res.body.data
}

const attribution = {
  utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'spring', utm_term: 'crm tool', utm_content: 'ad-1',
  referrer: 'https://www.google.com/', landing_page: 'https://www.example.com/offer', gclid: 'Cj0KCQ', fbclid: 'IwAR2',
}

describe('leads.capture', () => {
  test('creates a lead in status New with a captured event and answers {id, ref}', async () => {
    const res = await leads('capture', {
      source: 'contact_form', campaign: 'spring', email: 'ada@example.test', phone: '+44 20 7946 0000', name: 'Ada', attribution, data: { message: 'Call me' },
    })
    expect(res.body).toMatchObject({ ok: true, changed: true, error: null })
    expect(Object.keys(res.body.data).sort()).toEqual(['id', 'ref'])
    expect(res.body.data.ref).toMatch(/^ld_[a-z2-9]{20}$/)
    const lead = await leads('get', { id: res.body.data.id })
    expect(lead.body.data).toMatchObject({
      id: res.body.data.id,
      ref: res.body.data.ref,
      source: 'contact_form',
      campaign: 'spring',
      status: 'New',
      email: 'ada@example.test',
      phone: '+44 20 7946 0000',
      name: 'Ada',
      rt_contact_id: null,
      attribution,
      data: { message: 'Call me' },
      first_seen: '2026-04-01T09:00:00.000Z',
      event_count: 1,
      chain: { ok: true, count: 1, broken_at: null },
    })
    expect(lead.body.data.events).toHaveLength(1)
    expect(lead.body.data.events[0]).toMatchObject({
      seq: 1,
      type: 'captured',
      at: '2026-04-01T09:00:00.000Z',
      data: { source: 'contact_form', campaign: 'spring', email: 'ada@example.test', status: 'New', via: 'dispatch', attribution },
    })
  })

  test('refs are random: 20 captures give 20 distinct refs, already different in their first symbols', async () => {
    const refs = []
    for (let i = 0; i < 20; i++) refs.push((await capture({ source: 'bulk' })).ref)
    expect(new Set(refs).size).toBe(20)
    expect(new Set(refs.map(ref => ref.slice(0, 6))).size).toBeGreaterThan(10)
  })

  test.each([
    [{}],
    [{ source: '' }],
    [{ source: 'x', email: 'not-an-email' }],
    [{ source: 'x', phone: 'call me' }],
    [{ source: 'x', attribution: { utm_source: 'a', utm_sauce: 'typo' } }],
    [{ source: 'x', attribution: 'google' }],
    [{ source: 'x', data: ['not', 'an', 'object'] }],
    [{ source: 'x', status: 'Customer' }],
  ])('bad params %j are 400 invalid_params and store nothing', async params => {
    const res = await leads('capture', params)
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ ok: false, data: null, code: 'invalid_params' })
    expect(await plane.server.db.svcLead.count()).toBe(0)
  })
})

describe('leads.list', () => {
  test('pages newest first with total, page and per_page, as rows of the contract fields', async () => {
    const captured = []
    for (let i = 0; i < 5; i++) {
      captured.push(await capture({ source: i % 2 ? 'ads' : 'form', campaign: `c${i}` }))
      advance(10)
    }
    const first = await leads('list', { per_page: 2 })
    expect(first.body.data).toMatchObject({ total: 5, page: 1, per_page: 2 })
    expect(first.body.data.items.map((row: { id: number }) => row.id)).toEqual([captured[4]!.id, captured[3]!.id])
    expect(first.body.data.items[0]).toEqual({
      id: captured[4]!.id, ref: captured[4]!.ref, source: 'form', campaign: 'c4', status: 'New', event_count: 1, first_seen: '2026-04-01T09:40:00.000Z',
    })
    const last = await leads('list', { per_page: 2, page: 3 })
    expect(last.body.data.items.map((row: { id: number }) => row.id)).toEqual([captured[0]!.id])
  })

  test('filters by source and by since (date-time or date)', async () => {
    await capture({ source: 'form' })
    clock = new Date('2026-04-02T08:00:00.000Z')
    const later = await capture({ source: 'form' })
    await capture({ source: 'ads' })
    const bySource = await leads('list', { source: 'ads' })
    expect(bySource.body.data.items.map((row: { source: string }) => row.source)).toEqual(['ads'])
    const sinceTime = await leads('list', { source: 'form', since: '2026-04-01T12:00:00Z' })
    expect(sinceTime.body.data.items.map((row: { id: number }) => row.id)).toEqual([later.id])
    const sinceDate = await leads('list', { since: '2026-04-02' })
    expect(sinceDate.body.data.total).toBe(2)
  })

  test('event_count follows the events', async () => {
    const { id } = await capture({ source: 'form' })
    await leads('set_status', { id, status: 'Contacted' })
    expect((await leads('list')).body.data.items[0].event_count).toBe(2)
  })

  test.each([
    [{ since: 'yesterday' }],
    [{ since: '2026-13-01' }],
    [{ per_page: 101 }],
    [{ page: 0 }],
    [{ status: 'New' }],
  ])('bad params %j are 400 invalid_params', async params => {
    const res = await leads('list', params)
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('invalid_params')
  })

  test('is served by the GET read form, with query values coerced', async () => {
    await capture({ source: 'form' })
    const res = await getWithKey(plane.server.app, plane.admin.key, '/manage/leads/list?per_page=1&source=form')
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ total: 1, per_page: 1 })
  })
})

describe('leads.set_status', () => {
  test('sets one of the five statuses and answers {id, status, label}', async () => {
    const { id } = await capture({ source: 'form' })
    const res = await leads('set_status', { id, status: 'Qualified' })
    expect(res.body).toEqual({ ok: true, changed: true, error: null, data: { id, status: 'Qualified', label: 'Qualified' } })
    const lead = await leads('get', { id })
    expect(lead.body.data.status).toBe('Qualified')
    expect(lead.body.data.events[1]).toMatchObject({ type: 'status_changed', data: { from: 'New', to: 'Qualified', origin: 'inbound' } })
  })

  test.each([['Lost'], ['qualified'], [''], [3]])('status %j is 400 invalid_params and changes nothing', async status => {
    const { id } = await capture({ source: 'form' })
    const res = await leads('set_status', { id, status })
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('invalid_params')
    expect(await plane.server.db.svcLead.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: 'New', eventCount: 1 })
  })

  test('an unknown lead is 404 not_found', async () => {
    const res = await leads('set_status', { id: 424242, status: 'New' })
    expect(res.status).toBe(404)
    expect(res.body.code).toBe('not_found')
  })
})

describe('leads.link_rt_contact', () => {
  test('stores the contact id and appends contact_linked; linking it again changes nothing', async () => {
    const { id } = await capture({ source: 'form', email: 'ada@example.test' })
    const res = await leads('link_rt_contact', { id, rt_contact_id: 'rt-991' })
    expect(res.body).toEqual({ ok: true, changed: true, error: null, data: { id, rt_contact_id: 'rt-991' } })
    const again = await leads('link_rt_contact', { id, rt_contact_id: 'rt-991' })
    expect(again.body.changed).toBe(false)
    const relinked = await leads('link_rt_contact', { id, rt_contact_id: 'rt-992' })
    expect(relinked.body.changed).toBe(true)
    const lead = await leads('get', { id })
    expect(lead.body.data.rt_contact_id).toBe('rt-992')
    expect(lead.body.data.events.slice(1).map((e: { type: string, data: unknown }) => [e.type, e.data])).toEqual([
      ['contact_linked', { rt_contact_id: 'rt-991', previous: null }],
      ['contact_linked', { rt_contact_id: 'rt-992', previous: 'rt-991' }],
    ])
    expect(lead.body.data.chain.ok).toBe(true)
  })

  test('an unknown lead is 404 and an empty id is invalid_params', async () => {
    expect((await leads('link_rt_contact', { id: 424242, rt_contact_id: 'rt-1' })).body.code).toBe('not_found')
    const { id } = await capture({ source: 'form' })
    expect((await leads('link_rt_contact', { id, rt_contact_id: ' ' })).body.code).toBe('invalid_params')
  })
})

describe('leads.export', () => {
  test('has one row per ledger event joined with its lead, optionally since a time', async () => {
    const a = await capture({ source: 'form', campaign: 'spring' })
    advance(60)
    await leads('set_status', { id: a.id, status: 'Contacted' })
    const b = await capture({ source: 'ads' })
    const all = await leads('export')
    expect(all.body.data.count).toBe(3)
    expect(all.body.data.rows.map((row: { lead_ref: string, seq: number, type: string }) => [row.lead_ref, row.seq, row.type])).toEqual([
      [a.ref, 1, 'captured'], [a.ref, 2, 'status_changed'], [b.ref, 1, 'captured'],
    ])
    expect(all.body.data.rows[1]).toMatchObject({
      lead_id: a.id, source: 'form', campaign: 'spring', status: 'Contacted', rt_contact_id: null, at: '2026-04-01T10:00:00.000Z',
      data: { from: 'New', to: 'Contacted', origin: 'inbound' },
    })
    expect(all.body.data.rows[1].hash).toMatch(/^[0-9a-f]{64}$/)
    const since = await leads('export', { since: '2026-04-01T09:30:00Z' })
    expect(since.body.data.count).toBe(2)
    expect((await leads('export', { since: 'soon' })).body.code).toBe('invalid_params')
  })
})

describe('leads.delete', () => {
  test('needs confirm, then removes the lead and its events', async () => {
    const { id } = await capture({ source: 'form' })
    await leads('set_status', { id, status: 'Contacted' })
    const unconfirmed = await leads('delete', { id })
    expect(unconfirmed.body.code).toBe('confirm_required')
    expect(await plane.server.db.svcLead.count({ where: { id } })).toBe(1)
    const res = await leads('delete', { id }, true)
    expect(res.body).toEqual({ ok: true, changed: true, error: null, data: { id, deleted: true, contact_push: 'skipped' } })
    expect(await plane.server.db.svcLead.count({ where: { id } })).toBe(0)
    expect(await plane.server.db.svcLeadEvent.count()).toBe(0)
    expect((await leads('get', { id })).status).toBe(404)
    expect((await leads('delete', { id }, true)).status).toBe(404)
  })
})

describe('the leads manifest entries', () => {
  test('list the contract operations, the local status change and the chart counts, delete destructive', async () => {
    const res = await getWithKey(plane.server.app, plane.admin.key, '/manage/manifest')
    const entries = res.body.data.operations.filter((op: { resource: string }) => op.resource === 'leads')
    expect(entries.map((op: { action: string }) => op.action)).toEqual([
      'capture', 'daily_counts', 'delete', 'export', 'get', 'link_rt_contact', 'list', 'set_status', 'set_status_local', 'start_verify_all', 'status_counts', 'verify', 'verify_all',
    ])
    const byAction = Object.fromEntries(entries.map((op: { action: string }) => [op.action, op]))
    expect(byAction.delete).toMatchObject({ destructive: true, readonly: false })
    expect(byAction.get).toMatchObject({ readonly: true, get_path: '/api/svc/v1/manage/leads/get' })
    expect(byAction.set_status.params.properties.status.enum).toEqual(['New', 'Contacted', 'Qualified', 'Unqualified', 'Customer'])
  })
})
