// @svc-provider-independent: which write forgets a sealed secret is the handlers' rule; sealed columns run on both providers in secrets-at-rest.test.ts (runs once, on SQLite).
import { describe, expect, test } from '@jest/globals'
import { useTestServer } from './support/in-process-server.ts'
import { bindTo } from '../packages/control-plane/src/platform/secrets/sealed-column.ts'
import { CRM_API_KEY } from '../packages/control-plane/src/resources/crm/sealed-columns.ts'
import { FORWARD_SECRET } from '../packages/control-plane/src/resources/content-sources/sealed-columns.ts'

const plane = useTestServer()
const crm = plane.caller('crm')
const sources = plane.caller('content_sources')
const ai = plane.caller('ai')

const storedCrmKey = async (slot: number) =>
  (await plane.server.db.svcCrmSlot.findUniqueOrThrow({ where: { slot } })).apiKeyCiphertext
const storedForwardSecret = async (id: string) =>
  (await plane.server.db.svcContentSource.findUniqueOrThrow({ where: { id } })).forwardSecretCiphertext

/** A CRM slot at `url` with `apiKey` stored for it; its slot number. */
async function crmWithKey (name: string, url: string, apiKey: string): Promise<string> {
  const { crm_num } = (await crm('create', { name, url })).body.data
  await crm('set_secret', { crm_num, api_key: apiKey })
  return crm_num
}

describe('a CRM api_key is bound to the CRM url', () => {
  test('changing url forgets the key: key_set becomes false and nothing is stored', async () => {
    const crm_num = await crmWithKey('Contacts', 'https://crm.example.com', 'key-for-crm-example')
    expect((await crm('get', { crm_num })).body.data.key_set).toBe(true)
    const moved = await crm('update', { crm_num, url: 'https://elsewhere.example.net' })
    expect(moved.body).toMatchObject({ ok: true, changed: true, data: { url: 'https://elsewhere.example.net', key_set: false } })
    expect(await storedCrmKey(Number(crm_num))).toBeNull()
  })

  test('changing only the name keeps the key', async () => {
    const crm_num = await crmWithKey('Keeps', 'https://keeps.example.com', 'key-that-stays')
    const renamed = await crm('update', { crm_num, name: 'Keeps still', url: 'https://keeps.example.com' })
    expect(renamed.body.data).toMatchObject({ name: 'Keeps still', key_set: true })
    expect(plane.server.runtime.secrets.open((await storedCrmKey(Number(crm_num)))!, bindTo(CRM_API_KEY, Number(crm_num)))).toBe('key-that-stays')
  })

  test('a new api_key sent with the new url is stored for it', async () => {
    const crm_num = await crmWithKey('Moves', 'https://old.example.com', 'key-for-old')
    const moved = await crm('update', { crm_num, url: 'https://new.example.com', api_key: 'key-for-new' })
    expect(moved.body.data).toMatchObject({ url: 'https://new.example.com', key_set: true })
    expect(plane.server.runtime.secrets.open((await storedCrmKey(Number(crm_num)))!, bindTo(CRM_API_KEY, Number(crm_num)))).toBe('key-for-new')
    expect(JSON.stringify(moved.body)).not.toContain('key-for-new')
  })

  test('clearing the url forgets the key too', async () => {
    const crm_num = await crmWithKey('Cleared', 'https://cleared.example.com', 'key-for-cleared')
    expect((await crm('update', { crm_num, url: null })).body.data.key_set).toBe(false)
  })
})

describe('a forward_secret is bound to the forward_url', () => {
  const forwarding = { forward_url: 'https://hooks.example.com/in', forward_auth_mode: 'bearer', forward_secret: 'forward-secret-one' }

  test('update moving forward_url forgets the secret; with forwarding on, the request must bring a new one', async () => {
    const source = (await sources('create', { name: 'Bound forward', auth_mode: 'none', ...forwarding })).body.data
    expect(source.forward_key_set).toBe(true)

    const moved = await sources('update', { id: source.id, forward_url: 'https://attacker.example.net/in' })
    expect(moved.body.data).toMatchObject({ forward_url: 'https://attacker.example.net/in', forward_key_set: false })
    expect(await storedForwardSecret(source.id)).toBeNull()

    await sources('update', { id: source.id, forward_secret: 'forward-secret-two', forward_enabled: true })
    const refused = await sources('update', { id: source.id, forward_url: 'https://third.example.net/in' })
    expect(refused.status).toBe(400)
    expect(refused.body).toMatchObject({ ok: false, code: 'invalid_params' })
    expect(refused.body.details.issues).toEqual([expect.objectContaining({ path: 'forward_secret' })])
    expect(plane.server.runtime.secrets.open((await storedForwardSecret(source.id))!, bindTo(FORWARD_SECRET, source.slug))).toBe('forward-secret-two')

    const both = await sources('update', { id: source.id, forward_url: 'https://third.example.net/in', forward_secret: 'forward-secret-three' })
    expect(both.body.data).toMatchObject({ forward_url: 'https://third.example.net/in', forward_key_set: true })
    expect(plane.server.runtime.secrets.open((await storedForwardSecret(source.id))!, bindTo(FORWARD_SECRET, source.slug))).toBe('forward-secret-three')
  })

  test('update leaving forward_url as it is keeps the secret', async () => {
    const source = (await sources('create', { name: 'Kept forward', auth_mode: 'none', ...forwarding })).body.data
    const res = await sources('update', { id: source.id, forward_url: forwarding.forward_url, name: 'Kept forward, renamed' })
    expect(res.body.data).toMatchObject({ name: 'Kept forward, renamed', forward_key_set: true })
  })

  test('import with overwrite and another forward_url forgets the secret; the same forward_url keeps it', async () => {
    const source = (await sources('create', { name: 'Imported forward', auth_mode: 'none', ...forwarding })).body.data
    const envelope = (await sources('export', { id: source.id })).body.data

    const same = await sources('import', { envelope, overwrite: true }, true)
    expect(same.body.data).toMatchObject({ mode: 'overwritten', forward_key_set: true })

    const elsewhere = { ...envelope, payload: { ...envelope.payload, forward_url: 'https://attacker.example.net/collect' } }
    const moved = await sources('import', { envelope: elsewhere, overwrite: true }, true)
    expect(moved.body.data).toMatchObject({ mode: 'overwritten', id: source.id, forward_url: 'https://attacker.example.net/collect', forward_key_set: false })
    expect(await storedForwardSecret(source.id)).toBeNull()
  })
})

describe('the AI key is bound to provider and base_url (the same rule)', () => {
  test('changing base_url forgets the key', async () => {
    await ai('update', { provider: 'openai_compatible', base_url: 'https://llm.example.com/v1' })
    await ai('set_secret', { api_key: 'sk-bound-to-llm-example' })
    expect((await ai('get')).body.data.key_set).toBe(true)
    const moved = await ai('update', { base_url: 'https://llm.example.net/v1' })
    expect(moved.body.data.key_set).toBe(false)
    expect((await plane.server.db.svcAiSetting.findFirstOrThrow()).apiKeyCiphertext).toBeNull()
  })
})
