import { describe, expect, test } from '@jest/globals'
import { useTestServer } from './support/in-process-server.ts'
import { seenBodies } from './support/client.ts'

const plane = useTestServer()
const API_KEY = 'crm-change-set-secret-5b1e0c'

type Change = { entity: string, id: string | number, kind: string, before: Record<string, unknown> | null, after: Record<string, unknown> | null }
type Entry = { id: number, operation: string, changes: Change[], effects: Array<{ kind: string, name: string, target?: string }>, changes_complete: boolean }

async function lastEntry (operation: string): Promise<Entry> {
  const { items } = (await plane.dispatch({ resource: 'audit', action: 'list', params: { operation, per_page: 1 } })).body.data
  return items[0]
}

async function entry (id: number): Promise<Entry> {
  const res = await plane.dispatch({ resource: 'audit', action: 'get', params: { id } })
  expect(res.status).toBe(200)
  return res.body.data
}

describe('change sets: what each call wrote, kept with its audit entry', () => {
  test('a create, an update and a delete: the row before and after, the key sealed', async () => {
    const created = await plane.dispatch({ resource: 'crm', action: 'create', params: { name: 'Acme', url: 'https://crm.example.com' } })
    expect(created.status).toBe(200)
    const crmNum = created.body.data.crm_num
    const create = await entry((await lastEntry('crm.create')).id)
    expect(create.changes).toEqual([{ entity: 'SvcCrmSlot', id: expect.any(String), kind: 'create', before: null, after: expect.objectContaining({ name: 'Acme', url: 'https://crm.example.com', apiKeyCiphertext: null }) }])
    expect(create.effects).toContainEqual({ kind: 'event', name: 'crm.changed' })
    expect(create.changes_complete).toBe(true)

    await plane.dispatch({ resource: 'crm', action: 'update', params: { crm_num: crmNum, name: 'Acme Ltd', api_key: API_KEY } })
    const update = await lastEntry('crm.update')
    expect(update.changes).toHaveLength(1)
    expect(update.changes[0]).toMatchObject({ entity: 'SvcCrmSlot', kind: 'update', before: { name: 'Acme', apiKeyCiphertext: null }, after: { name: 'Acme Ltd', apiKeyCiphertext: '[sealed]' } })

    await plane.dispatch({ resource: 'crm', action: 'delete', params: { crm_num: crmNum }, confirm: true })
    const deleted = await lastEntry('crm.delete')
    expect(deleted.changes).toEqual([{ entity: 'SvcCrmSlot', id: create.changes[0]!.id, kind: 'delete', before: expect.objectContaining({ name: 'Acme Ltd', apiKeyCiphertext: '[sealed]' }), after: null }])
  })

  test('the stored change set keeps secrets only sealed, and no answer shows even that', async () => {
    const rows = await plane.server.db.svcAuditEntry.findMany({ where: { operation: { startsWith: 'crm.' } } })
    const stored = JSON.stringify(rows.map(row => row.changeSet))
    expect(stored).toContain('apiKeyCiphertext')
    expect(stored).not.toContain(API_KEY)
    expect(seenBodies.join('\n')).not.toContain(API_KEY)
    const ciphertexts = rows.flatMap(row => ((row.changeSet as { changes: Change[] } | null)?.changes ?? []).map(change => change.after?.apiKeyCiphertext ?? change.before?.apiKeyCiphertext))
    for (const ciphertext of ciphertexts.filter(Boolean)) expect(seenBodies.join('\n')).not.toContain(String(ciphertext))
  })

  test('a read, a refusal and the bookkeeping rows of a call are no changes', async () => {
    await plane.dispatch({ resource: 'crm', action: 'list', params: {} })
    expect((await lastEntry('crm.list')).changes).toEqual([])
    await plane.dispatch({ resource: 'crm', action: 'update', params: { crm_num: '099', name: 'Nobody' } })
    expect((await lastEntry('crm.update'))).toMatchObject({ changes: [] })
    const entities = (await plane.server.db.svcAuditEntry.findMany()).flatMap(row => ((row.changeSet as { changes: Change[] } | null)?.changes ?? []).map(change => change.entity))
    for (const bookkeeping of ['SvcAuditEntry', 'SvcOutboxMessage', 'SvcEvent', 'SvcIdempotencyKey', 'SvcRateWindow', 'SvcTally', 'SvcJob']) expect(entities).not.toContain(bookkeeping)
  })

  test('audit.get of an entry that is not there is not_found', async () => {
    const res = await plane.dispatch({ resource: 'audit', action: 'get', params: { id: 999_999 } })
    expect(res.status).toBe(404)
    expect(res.body.code).toBe('not_found')
  })
})
