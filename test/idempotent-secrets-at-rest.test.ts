import { describe, expect, test } from '@jest/globals'
import request from 'supertest'
import { useTestServer } from './support/in-process-server.ts'
import { BASE } from './support/client.ts'
import { testProvider } from './support/database.ts'
import type { Db } from '../packages/control-plane/src/platform/db/client.ts'

const plane = useTestServer()

const dispatchWithKey = (idempotencyKey: string, body: object) => request(plane.server.app)
  .post(`${BASE}/manage/dispatch`)
  .set('Authorization', `Bearer ${plane.admin.key}`)
  .set('Idempotency-Key', idempotencyKey)
  .send(body)

async function tableNames (db: Db): Promise<string[]> {
  const rows = testProvider === 'sqlite'
    ? await db.$queryRawUnsafe<{ name: string }[]>(`SELECT name FROM sqlite_master WHERE type = 'table'`)
    : await db.$queryRawUnsafe<{ name: string }[]>(`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`)
  return rows.map(row => row.name)
}

/** The tables (the plugin's and the host's) whose rows, every column read as text, contain `needle`. */
async function tablesHolding (db: Db, needle: string): Promise<string[]> {
  const holding: string[] = []
  for (const table of await tableNames(db)) {
    const rows = await db.$queryRawUnsafe<unknown[]>(`SELECT * FROM "${table.replaceAll('"', '""')}"`)
    const text = JSON.stringify(rows, (_key, value: unknown) => typeof value === 'bigint' ? String(value) : value)
    if (text.includes(needle)) holding.push(table)
  }
  return holding
}

describe('idempotent responses at rest', () => {
  test('after api_keys.mint and webhooks.create with an Idempotency-Key, no table holds the new key or signing secret, and a replay still returns them', async () => {
    const minted = await dispatchWithKey('mint-at-rest', { resource: 'api_keys', action: 'mint', params: { label: 'stored replay' } })
    expect(minted.body.ok).toBe(true)
    const apiKey = minted.body.data.key as string
    const created = await dispatchWithKey('webhook-at-rest', {
      resource: 'webhooks', action: 'create', params: { url: 'https://hooks.example.com/at-rest', event_types: ['lead.*'] },
    })
    expect(created.body.ok).toBe(true)
    const signingSecret = created.body.data.secret as string

    // The secret is base64url and may itself contain `_`: it is everything after `svc_<public id>_`.
    const keySecret = apiKey.slice('svc_'.length + 12 + 1)
    const secretBody = signingSecret.slice('whsec_'.length)
    expect(keySecret).toHaveLength(43)
    const db = plane.server.db
    expect(await tablesHolding(db, keySecret)).toEqual([])
    expect(await tablesHolding(db, secretBody)).toEqual([])
    expect((await tableNames(db)).length).toBeGreaterThan(10)
    expect(await db.svcIdempotencyKey.count({ where: { key: { in: ['mint-at-rest', 'webhook-at-rest'] }, response: { startsWith: 'v2:' } } })).toBe(2)

    const replayedMint = await dispatchWithKey('mint-at-rest', { resource: 'api_keys', action: 'mint', params: { label: 'stored replay' } })
    expect(replayedMint.headers['idempotent-replayed']).toBe('true')
    expect(replayedMint.body.data.key).toBe(apiKey)
    const replayedWebhook = await dispatchWithKey('webhook-at-rest', {
      resource: 'webhooks', action: 'create', params: { url: 'https://hooks.example.com/at-rest', event_types: ['lead.*'] },
    })
    expect(replayedWebhook.text).toBe(created.text)
  })

  test('a stored response copied to another key\'s row does not open there: the replay is refused, nothing runs again', async () => {
    const first = await dispatchWithKey('copied-from', { resource: 'crm', action: 'create', params: { name: 'Copied response from' } })
    const second = await dispatchWithKey('copied-to', { resource: 'crm', action: 'create', params: { name: 'Copied response to' } })
    expect(first.body.ok && second.body.ok).toBe(true)
    const db = plane.server.db
    const from = await db.svcIdempotencyKey.findFirstOrThrow({ where: { key: 'copied-from' } })
    await db.svcIdempotencyKey.updateMany({ where: { key: 'copied-to' }, data: { response: from.response } })
    const replay = await dispatchWithKey('copied-to', { resource: 'crm', action: 'create', params: { name: 'Copied response to' } })
    expect(replay.status).toBe(503)
    expect(replay.body.code).toBe('secret_unavailable')
  })
})
