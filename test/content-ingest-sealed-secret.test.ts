// @svc-provider-independent: a secret sealed with a key the server no longer holds is refused before anything is stored; sealed columns run on both providers in secrets-at-rest.test.ts (runs once, on SQLite).
import { describe, expect, test } from '@jest/globals'
import { randomBytes } from 'node:crypto'
import { useTestServer } from './support/in-process-server.ts'
import { deliver, standardHeaders } from './support/webhooks.ts'
import { SecretBox, keyIdOf } from '../packages/control-plane/src/platform/secrets/secret-box.ts'
import { bindTo } from '../packages/control-plane/src/platform/secrets/sealed-column.ts'
import { WEBHOOK_SECRET } from '../packages/control-plane/src/resources/content-sources/sealed-columns.ts'

const plane = useTestServer({ outbox: false })

/** A source whose stored secret was sealed with a key the server no longer holds (a key dropped from SVC_ENCRYPTION_KEYS). */
async function sourceSealedWithAGoneKey (authMode: 'hmac' | 'bearer') {
  const created = await plane.dispatch({ resource: 'content_sources', action: 'create', params: { name: `Gone key ${authMode} ${randomBytes(3).toString('hex')}`, auth_mode: authMode } })
  expect(created.status).toBe(200)
  const { slug, secret } = created.body.data as { slug: string, secret: string }
  const gone = randomBytes(32)
  await plane.server.db.svcContentSource.update({ where: { slug }, data: { secretCiphertext: new SecretBox([gone]).seal(secret, bindTo(WEBHOOK_SECRET, slug)) } })
  return { id: created.body.data.id as string, slug, secret, goneKeyId: keyIdOf(gone) }
}

describe('an ingest whose source secret cannot be opened', () => {
  for (const authMode of ['hmac', 'bearer'] as const) {
    test(`${authMode}: answers 503 secret_unavailable naming the key, stores nothing, and is audited`, async () => {
      const { slug, secret, goneKeyId } = await sourceSealedWithAGoneKey(authMode)
      const body = { title: 'T', body: '<p>x</p>' }
      const headers = authMode === 'hmac' ? standardHeaders(secret, `msg-${slug}`, new Date(), body) : { Authorization: `Bearer ${secret}` }
      const res = await deliver(plane.server.app, slug, body, headers)
      expect([res.status, res.body.ok, res.body.code]).toEqual([503, false, 'secret_unavailable'])
      expect(res.body.error).toContain(goneKeyId)
      expect(res.body.error).toContain('SVC_ENCRYPTION_KEYS')
      expect(res.text).not.toContain(secret)
      const source = await plane.server.db.svcContentSource.findUniqueOrThrow({ where: { slug } })
      expect(await plane.server.db.svcContentDelivery.count({ where: { sourceId: source.id } })).toBe(0)
      const entry = await plane.server.db.svcAuditEntry.findFirst({ where: { requestId: res.body.request_id } })
      expect(entry).toMatchObject({ operation: 'content_sources.ingest', channel: 'route', ok: false, code: 'secret_unavailable', actorId: null })
      expect(JSON.stringify(entry!.params)).not.toContain(secret)
    })
  }

  test('rotate_secret makes the source usable again', async () => {
    const { id, slug } = await sourceSealedWithAGoneKey('bearer')
    const rotated = await plane.dispatch({ resource: 'content_sources', action: 'rotate_secret', params: { id } })
    expect(rotated.status).toBe(200)
    const res = await deliver(plane.server.app, slug, { title: 'T' }, { Authorization: `Bearer ${rotated.body.data.secret}` })
    expect(res.status).toBe(202)
  })
})
