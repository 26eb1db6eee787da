// @svc-provider-independent: the SSRF guard checks URLs and resolved addresses before any connection; the rows and outbox retries around it run on both providers in crm, content-sources and outbox (runs once, on SQLite).
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import { startTestServer, type InProcessServer } from './support/in-process-server.ts'
import { createAccount } from './support/accounts.ts'
import { dispatcher } from './support/client.ts'
import { resourceCaller } from './support/operations.ts'
import { startHttpPeer, type HttpPeer } from './support/loopback-peer.ts'
import { answerJson, startLoopbackServer, type LoopbackServer } from './support/loopback-peer.ts'
import { CONTACT_STATUS_TOPIC } from '../packages/control-plane/src/resources/leads/contact-push.ts'
import { AddressPolicy } from '../packages/control-plane/src/platform/outgoing-http/address-policy.ts'
import { createOutboundGuard } from '../packages/control-plane/src/platform/outgoing-http/outbound-guard.ts'
import { DeliveryError, getJson, postJson } from '../packages/control-plane/src/platform/outgoing-http/http-client.ts'
import { resolveOptions } from '../packages/control-plane/src/kernel/options.ts'
import { leads } from '../packages/control-plane/src/resources/leads/index.ts'

/** Allows the loopback peers, like every other suite: it stores their URLs and sets things up. */
let permissive: InProcessServer
/** The same database with no allowlist: what a production instance does with those URLs. */
let strict: InProcessServer
let peer: HttpPeer
let bigAnswers: LoopbackServer
let call: Record<'permissive' | 'strict', (resource: string) => ReturnType<typeof resourceCaller>>

beforeAll(async () => {
  peer = await startHttpPeer()
  bigAnswers = await startLoopbackServer((_req, res) => answerJson(res, 200, { data: [{ id: 'x'.repeat(5 * 1024 * 1024) }] }))
  permissive = await startTestServer({ controlPlane: { outbox: false, builtins: [leads({ contactCrmNum: 1 })] } })
  strict = await startTestServer({ sharedWith: permissive, controlPlane: { security: { outboundAllow: [] }, builtins: [leads({ contactCrmNum: 1 })], outbox: { pollMs: 3_600_000 } } })
  const account = await createAccount(permissive.db)
  const viaPermissive = dispatcher(permissive.app, account.key)
  const viaStrict = dispatcher(strict.app, account.key)
  call = {
    permissive: resource => resourceCaller(viaPermissive, resource),
    strict: resource => resourceCaller(viaStrict, resource),
  }
})
afterAll(async () => {
  await strict.close()
  await permissive.close()
  await peer.close()
  await bigAnswers.close()
})

const FORBIDDEN: [string, string][] = [
  ['loopback', 'http://127.0.0.1:8080/'],
  ['loopback, another form of it', 'http://127.1/'],
  ['loopback IPv6', 'http://[::1]:11434/'],
  ['localhost name', 'http://localhost:3000/'],
  ['private', 'http://10.20.30.40/'],
  ['private', 'https://192.168.1.10/'],
  ['private', 'http://172.16.5.4/'],
  ['unique local IPv6', 'http://[fd00::1]/'],
  ['link-local (cloud metadata)', 'http://169.254.169.254/latest/meta-data/'],
  ['link-local IPv6', 'http://[fe80::1]/'],
  ['carrier-grade NAT', 'http://100.64.0.1/'],
  ['multicast', 'http://224.0.0.1/'],
  ['unspecified', 'http://0.0.0.0/'],
  ['IPv4-mapped IPv6', 'http://[::ffff:127.0.0.1]/'],
]

describe('destinations that can only reach internal addresses are refused when stored', () => {
  test.each(FORBIDDEN)('%s: crm.create with %s is 400 invalid_params and stores nothing', async (_kind, url) => {
    const before = await strict.db.svcCrmSlot.count()
    const res = await call.strict('crm')('create', { name: 'Internal', url })
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ ok: false, data: null, changed: false, code: 'invalid_params' })
    expect(res.body.error).toContain('outbound requests go only to public addresses')
    expect(res.body.details.issues).toEqual([expect.objectContaining({ path: 'url', code: 'forbidden_destination' })])
    expect(await strict.db.svcCrmSlot.count()).toBe(before)
  })

  test('every path that stores a destination applies the rule', async () => {
    const metadata = 'http://169.254.169.254/latest'
    const crm = (await call.strict('crm')('create', { name: 'Public', url: 'https://crm.example.com' })).body.data
    const source = (await call.strict('content_sources')('create', { name: 'Guarded', auth_mode: 'none' })).body.data
    const envelope = (await call.strict('content_sources')('export', { id: source.id })).body.data
    const attempts: [string, string, Record<string, unknown>, string][] = [
      ['crm', 'update', { crm_num: crm.crm_num, url: metadata }, 'url'],
      ['content_sources', 'create', { name: 'Metadata', forward_url: metadata }, 'forward_url'],
      ['content_sources', 'update', { id: source.id, forward_url: metadata }, 'forward_url'],
      ['content_sources', 'import', { envelope: { ...envelope, payload: { ...envelope.payload, forward_url: metadata } }, overwrite: true, confirm: true }, 'envelope.payload.forward_url'],
      ['ai', 'update', { provider: 'openai_compatible', base_url: metadata }, 'base_url'],
      ['integrations', 'update', { key: 'matomo', settings: { url: metadata } }, 'settings.url'],
    ]
    for (const [resource, action, params, path] of attempts) {
      const res = await call.strict(resource)(action, params)
      expect({ operation: `${resource}.${action}`, status: res.status, code: res.body.code, path: res.body.details?.issues?.[0]?.path })
        .toEqual({ operation: `${resource}.${action}`, status: 400, code: 'invalid_params', path })
    }
    expect((await call.strict('crm')('get', { crm_num: crm.crm_num })).body.data.url).toBe('https://crm.example.com')
    expect((await call.strict('content_sources')('get', { id: source.id })).body.data.forward_url).toBeNull()
  })

  test('public addresses and names are stored', async () => {
    for (const url of ['https://93.184.215.14/', 'https://[2606:4700::1111]/', 'https://crm.example.com/api']) {
      const res = await call.strict('crm')('create', { name: 'Public', url })
      expect(res.body).toMatchObject({ ok: true, data: { url } })
      await call.strict('crm')('delete', { crm_num: res.body.data.crm_num }, true)
    }
  })
})

describe('requests are checked on the address they connect to', () => {
  test('ai.test to a loopback provider stored by an allowing instance is refused, and the peer hears nothing', async () => {
    await call.permissive('ai')('update', { provider: 'openai_compatible', base_url: `${peer.url}/v1` })
    await call.permissive('ai')('set_secret', { api_key: 'sk-never-sent-to-loopback' })
    const before = peer.received.length
    const res = await call.strict('ai')('test')
    expect(res.body).toMatchObject({ ok: true, data: { ok: false } })
    expect(res.body.data.error).toMatch(/^GET http:\/\/127\.0\.0\.1:\d+ refused: 127\.0\.0\.1 is a loopback address; outbound requests go only to public addresses/)
    expect(peer.received.length).toBe(before)
    await call.permissive('ai')('test')
    expect(peer.received.length).toBe(before + 1)
  })

  test('an outbox push to a loopback CRM is kept for retry with the refusal as its error', async () => {
    for (const { crm_num } of (await call.permissive('crm')('list')).body.data.crms) await call.permissive('crm')('delete', { crm_num }, true)
    await call.permissive('crm')('create', { name: 'Contacts', url: `${peer.url}/api` })
    await call.permissive('crm')('set_secret', { crm_num: '1', api_key: 'crm-key-never-sent' })
    const lead = (await call.strict('leads')('capture', { source: 'form', email: 'guard@example.test' })).body.data
    await call.strict('leads')('link_rt_contact', { id: lead.id, rt_contact_id: 'rt-guard' })
    const before = peer.received.length
    await call.strict('leads')('set_status_local', { id: lead.id, status: 'Qualified' })
    await strict.runtime.outbox.kick()
    const message = await strict.db.svcOutboxMessage.findFirstOrThrow({ where: { topic: CONTACT_STATUS_TOPIC }, orderBy: { id: 'desc' } })
    expect(message).toMatchObject({ status: 'pending', attempts: 1 })
    expect(message.lastError).toMatch(/refused: 127\.0\.0\.1 is a loopback address/)
    expect(peer.received.length).toBe(before)
  })

  test('a name is checked on what it resolves to, each time it connects; an allowed host name passes', async () => {
    const url = `${peer.url.replace('127.0.0.1', 'localhost')}/status`
    await expect(postJson(createOutboundGuard([]), url, '{}')).rejects.toThrow(/refused: localhost resolves to a loopback address;/)
    await expect(postJson(createOutboundGuard(['localhost']), url, '{}')).resolves.toBe('{}')
  })

  test('answers are read up to a cap', async () => {
    const guard = createOutboundGuard(['127.0.0.1'])
    const refused = getJson(guard, bigAnswers.url)
    await expect(refused).rejects.toBeInstanceOf(DeliveryError)
    await expect(refused).rejects.toThrow(`answered more than ${4 * 1024 * 1024} bytes`)
    await expect(postJson(guard, bigAnswers.url, '{}', { maxBytes: 1024 })).rejects.toThrow('answered more than 1024 bytes')
  })
})

describe('the address policy', () => {
  test.each([
    ['127.0.0.1', 'a loopback address'],
    ['10.0.0.1', 'a private address'],
    ['169.254.169.254', 'a link-local address'],
    ['100.100.100.200', 'a carrier-grade NAT address'],
    ['239.1.2.3', 'a multicast address'],
    ['0.0.0.0', 'an unspecified address'],
    ['::', 'an unspecified address'],
    ['::ffff:10.0.0.1', 'an IPv4-mapped IPv6 address'],
    ['192.0.2.1', 'a reserved address (reserved)'],
    ['fc00::5', 'a private (unique local) address'],
    ['8.8.8.8', null],
    ['2001:4860:4860::8888', null],
  ])('%s is %s', (address, expected) => {
    expect(new AddressPolicy().refusal(address)).toBe(expected)
  })

  test('SVC_OUTBOUND_ALLOW entries are host names, addresses or CIDR ranges; anything else stops startup', () => {
    const policy = new AddressPolicy(['crm.internal', '10.0.0.0/8', 'fd00::/8', '192.168.1.5'])
    expect(policy.refusal('10.9.8.7')).toBeNull()
    expect(policy.refusal('fd12::1')).toBeNull()
    expect(policy.refusal('192.168.1.5')).toBeNull()
    expect(policy.refusal('192.168.1.6')).toBe('a private address')
    expect(policy.allowsHost('CRM.internal')).toBe(true)
    expect(policy.literalRefusal('http://crm.internal:8080/')).toBeNull()
    expect(() => new AddressPolicy(['http://crm.internal/'])).toThrow('neither a host name, an IP address nor a CIDR range')
    expect(() => resolveOptions({ env: { SVC_OUTBOUND_ALLOW: 'crm.internal, 10.0.0.0/99' } })).toThrow('"10.0.0.0/99" is neither')
    expect(resolveOptions({ env: { SVC_OUTBOUND_ALLOW: 'crm.internal, 10.0.0.0/8' } }).outbound.policy.refusal('10.1.1.1')).toBeNull()
  })
})
