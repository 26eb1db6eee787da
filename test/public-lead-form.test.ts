import { describe, expect, test } from '@jest/globals'
import request from 'supertest'
import { useTestServer } from './support/in-process-server.ts'
import { BASE } from './support/client.ts'
import { leads } from '../packages/control-plane/src/resources/leads/index.ts'

const FORM = `${BASE}/public/leads`
const SITE = 'https://www.example.com'

let clock = new Date('2026-06-01T10:00:00.000Z')
let nextIp = 1

const plane = useTestServer({
  outbox: false,
  clock: () => clock,
  builtins: [leads({ publicOrigins: [SITE], publicRateLimit: { points: 3, durationSeconds: 600 } })],
  // As behind a reverse proxy: the client address comes from X-Forwarded-For, so each test can be its own client.
  http: { trustProxy: ['loopback'] },
})

/** A fresh client address, so one test's submissions do not count against another's. */
const newClient = () => `198.51.100.${nextIp++}`

const post = (ip: string) => request(plane.server.app).post(FORM).set('X-Forwarded-For', ip)

const leadByRef = (ref: string) => plane.server.db.svcLead.findUnique({ where: { ref }, include: { events: true } })

describe('POST /public/leads', () => {
  test('takes a JSON submission without credentials and answers the public ref', async () => {
    const res = await post(newClient()).set('Origin', SITE).send({
      source: 'contact_form', name: 'Grace', email: 'grace@example.test', phone: '+1 555 0100',
      utm_source: 'newsletter', utm_campaign: 'june', message: 'Please call', company: 'Navy',
    })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ ok: true, changed: true, error: null, data: { ref: expect.stringMatching(/^ld_[a-z2-9]{20}$/) } })
    const lead = await leadByRef(res.body.data.ref)
    expect(lead).toMatchObject({
      source: 'contact_form', name: 'Grace', email: 'grace@example.test', phone: '+1 555 0100', status: 'New',
      attribution: { utm_source: 'newsletter', utm_campaign: 'june' },
      data: { message: 'Please call', company: 'Navy' },
      firstSeen: clock,
    })
    expect(lead!.events).toEqual([expect.objectContaining({ seq: 1, type: 'captured', data: expect.objectContaining({ via: 'public_form' }) })])
  })

  test('takes an URL-encoded HTML form: values trimmed, blank inputs dropped, repeated names kept, source defaulted', async () => {
    const res = await post(newClient())
      .type('form')
      .send('name=+Linus+&email=&phone=+++&interest=crm&interest=leads&landing_page=https%3A%2F%2Fwww.example.com%2Fpricing&gclid=abc')
    expect(res.status).toBe(200)
    const lead = await leadByRef(res.body.data.ref)
    expect(lead).toMatchObject({
      source: 'web_form', name: 'Linus', email: null, phone: null,
      attribution: { landing_page: 'https://www.example.com/pricing', gclid: 'abc' },
      data: { interest: ['crm', 'leads'] },
    })
  })

  test('nested attribution and data objects are accepted from JSON and merged with flat fields', async () => {
    const res = await post(newClient()).send({ source: 'quiz', attribution: { referrer: 'https://news.example/' }, utm_medium: 'email', data: { score: 7 }, tier: 'gold' })
    const lead = await leadByRef(res.body.data.ref)
    expect(lead).toMatchObject({ attribution: { referrer: 'https://news.example/', utm_medium: 'email' }, data: { score: 7, tier: 'gold' } })
  })

  test('a filled honeypot gets the same answer but nothing is stored', async () => {
    const before = await plane.server.db.svcLead.count()
    const res = await post(newClient()).type('form').send('name=Bot&email=bot%40spam.test&_gotcha=http%3A%2F%2Fspam.test')
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ ok: true, changed: true, error: null, data: { ref: expect.stringMatching(/^ld_[a-z2-9]{20}$/) } })
    expect(await leadByRef(res.body.data.ref)).toBeNull()
    expect(await plane.server.db.svcLead.count()).toBe(before)
  })

  test.each([
    ['an invalid e-mail', { email: 'nope' }],
    ['a non-object attribution', { attribution: 'google' }],
    ['an unknown attribution key', { attribution: { utm_sauce: 'x' } }],
    ['an over-long name', { name: 'x'.repeat(201) }],
  ])('%s is 400 invalid_params, with the issues, and stores nothing', async (_case, body) => {
    const before = await plane.server.db.svcLead.count()
    const res = await post(newClient()).send(body)
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ ok: false, data: null, code: 'invalid_params' })
    expect(res.body.details.issues.length).toBeGreaterThan(0)
    expect(await plane.server.db.svcLead.count()).toBe(before)
  })

  test('only JSON and URL-encoded bodies are read', async () => {
    const text = await post(newClient()).set('Content-Type', 'text/plain').send('name=x')
    expect(text.status).toBe(400)
    expect(text.body.code).toBe('bad_request')
    const broken = await post(newClient()).set('Content-Type', 'application/json').send('{"name":')
    expect(broken.status).toBe(400)
    expect(broken.body.code).toBe('bad_request')
  })

  test('a body over 64 KB is 413 payload_too_large', async () => {
    const before = await plane.server.db.svcLead.count()
    const res = await post(newClient()).send({ name: 'Big', message: 'x'.repeat(65 * 1024) })
    expect(res.status).toBe(413)
    expect(res.body.code).toBe('payload_too_large')
    expect(await plane.server.db.svcLead.count()).toBe(before)
    const fits = await post(newClient()).send({ name: 'Fits', message: 'x'.repeat(30 * 1024) })
    expect(fits.status).toBe(200)
  })

  test('other methods are 405', async () => {
    const res = await request(plane.server.app).get(FORM)
    expect(res.status).toBe(405)
    expect(res.headers.allow).toBe('POST, OPTIONS')
  })
})

describe('the per-IP rate limit', () => {
  test('refuses a client over the limit with 429 and Retry-After until its window ends; other clients are unaffected', async () => {
    clock = new Date('2026-06-01T10:02:00.000Z')
    const client = newClient()
    for (let i = 0; i < 3; i++) expect((await post(client).send({ name: `n${i}` })).status).toBe(200)
    const before = await plane.server.db.svcLead.count()
    const refused = await post(client).send({ name: 'too many' })
    expect(refused.status).toBe(429)
    expect(refused.body).toMatchObject({ ok: false, code: 'rate_limited', details: { retry_after: 480 } })
    expect(refused.headers['retry-after']).toBe('480')
    expect(await plane.server.db.svcLead.count()).toBe(before)
    expect((await post(newClient()).send({ name: 'someone else' })).status).toBe(200)
    clock = new Date('2026-06-01T10:10:00.000Z')
    expect((await post(client).send({ name: 'next window' })).status).toBe(200)
  })

  test('is counted atomically in the database: of 10 simultaneous submissions exactly 3 get through', async () => {
    const client = newClient()
    const responses = await Promise.all(Array.from({ length: 10 }, (_, i) => post(client).send({ name: `burst ${i}` })))
    expect(responses.map(res => res.status).sort()).toEqual([200, 200, 200, 429, 429, 429, 429, 429, 429, 429])
  })

  test('the counters table holds digests, never client addresses', async () => {
    const rows = await plane.server.db.svcRateWindow.findMany()
    expect(rows.length).toBeGreaterThan(0)
    for (const row of rows) expect(row.key).not.toMatch(/198\.51\.100/)
  })
})

describe('allowed origins and CORS', () => {
  test('a preflight from an allowed origin is answered with the CORS headers', async () => {
    const res = await request(plane.server.app).options(FORM)
      .set('Origin', SITE).set('Access-Control-Request-Method', 'POST').set('Access-Control-Request-Headers', 'content-type')
    expect(res.status).toBe(204)
    expect(res.headers).toMatchObject({
      'access-control-allow-origin': SITE,
      'access-control-allow-methods': 'POST',
      'access-control-allow-headers': 'Content-Type',
      'access-control-max-age': '600',
    })
    expect(res.headers.vary).toContain('Origin')
  })

  test('a preflight or a submission from another origin is 403 and stores nothing', async () => {
    const preflight = await request(plane.server.app).options(FORM).set('Origin', 'https://evil.example').set('Access-Control-Request-Method', 'POST')
    expect(preflight.status).toBe(403)
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined()
    const before = await plane.server.db.svcLead.count()
    const res = await post(newClient()).set('Origin', 'https://evil.example').send({ name: 'x' })
    expect(res.status).toBe(403)
    expect(res.body).toMatchObject({ ok: false, code: 'forbidden' })
    expect(await plane.server.db.svcLead.count()).toBe(before)
  })

  test('responses to an allowed origin are readable by its page, Retry-After included', async () => {
    const res = await post(newClient()).set('Origin', SITE).send({ name: 'x' })
    expect(res.headers['access-control-allow-origin']).toBe(SITE)
    expect(res.headers['access-control-expose-headers']).toContain('Retry-After')
  })

  test('the server’s own pages may post, and so may callers that send no Origin', async () => {
    const own = await post(newClient()).set('Host', 'cms.example.org').set('Origin', 'https://cms.example.org').send({ name: 'x' })
    expect(own.status).toBe(200)
    const serverSide = await post(newClient()).send({ name: 'y' })
    expect(serverSide.status).toBe(200)
    expect(serverSide.headers['access-control-allow-origin']).toBeUndefined()
  })
})
