import { describe, expect, test } from '@jest/globals'
import { useTestServer } from './support/in-process-server.ts'
import { dispatcher } from './support/client.ts'
import { resourceCaller } from './support/operations.ts'

const plane = useTestServer()
const keys = plane.caller('api_keys')

const mintWith = async (key: string, label: string) =>
  (await resourceCaller(dispatcher(plane.server.app, key), 'api_keys')('mint', { label })).body.data as { id: string, key: string }
const statusOf = async (key: string) => (await dispatcher(plane.server.app, key)({ resource: 'api_keys', action: 'list' })).status

describe('key lineage', () => {
  test('a key minted with a key names it as parent; keys minted otherwise have none', async () => {
    const child = await mintWith(plane.admin.key, 'child')
    const listed = (await keys('list')).body.data.keys as { id: string, parent: string | null }[]
    expect(listed.find(key => key.id === child.id)?.parent).toBe(plane.admin.keyId)
    expect(listed.find(key => key.id === plane.admin.keyId)?.parent).toBeNull()
  })

  test('revoking a key revokes the keys minted with it, and theirs; siblings and ancestors keep working', async () => {
    const parent = await mintWith(plane.admin.key, 'parent')
    const child = await mintWith(parent.key, 'child')
    const grandchild = await mintWith(child.key, 'grandchild')
    const sibling = await mintWith(plane.admin.key, 'sibling')

    const res = await keys('revoke', { id: parent.id }, true)
    expect(res.body).toMatchObject({ ok: true, changed: true, data: { id: parent.id, revoked: true } })

    for (const revoked of [parent, child, grandchild]) expect(await statusOf(revoked.key)).toBe(401)
    expect(await statusOf(sibling.key)).toBe(200)
    expect(await statusOf(plane.admin.key)).toBe(200)
    const listed = (await keys('list')).body.data.keys as { id: string, status: string }[]
    expect(listed.filter(key => [parent.id, child.id, grandchild.id].includes(key.id)).map(key => key.status)).toEqual(['revoked', 'revoked', 'revoked'])

    const again = await keys('revoke', { id: parent.id }, true)
    expect(again.body).toMatchObject({ ok: true, changed: false, data: { id: parent.id, revoked: true } })
  })
})

describe('audit redaction', () => {
  const SECRET = 'audit-never-keeps-this-7c1d'

  test.each([
    'api_key', 'apiKey', 'APIKey', 'x-api-key', 'secret', 'forward_secret', 'clientSecret', 'client_secret',
    'password', 'newPassword', 'passphrase', 'keyPassphrase', 'token', 'accessToken', 'refresh_token', 'sessionToken',
    'authorization', 'Authorization', 'private_key', 'privateKey', 'aws_access_key_id',
  ])('%s is redacted, at any depth', async name => {
    const dispatch = plane.dispatch
    const res = await dispatch({ resource: 'variables', action: 'set', params: { name: 'redaction.check', value: { outer: { [name]: SECRET } } } })
    expect(res.body.ok).toBe(true)
    const entries = (await dispatch({ resource: 'audit', action: 'list', params: { operation: 'variables.set', per_page: 1 } })).body.data.items
    expect(entries[0].params.value.outer).toEqual({ [name]: '[redacted]' })
  })

  test.each(['max_tokens', 'key_set', 'forward_key_set', 'tokens_used', 'monkey', 'keyboard', 'secretary_name'])('%s is kept', async name => {
    const dispatch = plane.dispatch
    await dispatch({ resource: 'variables', action: 'set', params: { name: 'redaction.check', value: { [name]: 'visible' } } })
    const entries = (await dispatch({ resource: 'audit', action: 'list', params: { operation: 'variables.set', per_page: 1 } })).body.data.items
    expect(entries[0].params.value).toEqual({ [name]: 'visible' })
  })

  test('no audit row holds a redacted value', async () => {
    expect(JSON.stringify(await plane.server.db.svcAuditEntry.findMany())).not.toContain(SECRET)
  })
})
