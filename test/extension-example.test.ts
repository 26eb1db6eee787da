import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import { startTestServer, type TestServer } from './support/server.ts'
import { createAccount } from './support/accounts.ts'
import { dispatcher, getWithKey } from './support/client.ts'

let server: TestServer
let editor: ReturnType<typeof dispatcher>
let editorKey: string

beforeAll(async () => {
  server = await startTestServer()
  editorKey = (await createAccount(server.db, 'editor')).key
  editor = dispatcher(server.app, editorKey)
})
afterAll(async () => server.close())

describe('the extension guide example (examples/site-notes)', () => {
  test('its operations appear in the manifest with their schema and capability', async () => {
    const admin = (await createAccount(server.db, 'administrator')).key
    const operations = (await getWithKey(server.app, admin, '/manage/manifest')).body.data.operations
    const add = operations.find((op: { name: string }) => op.name === 'notes.add')
    expect(add).toMatchObject({ capability: 'manage_notes', module: 'notes', destructive: false, enabled: true })
    expect(add.params.required).toEqual(['title'])
    expect(operations.find((op: { name: string }) => op.name === 'notes.remove')).toMatchObject({ destructive: true })
  })

  test('an editor\'s key runs them, and not the built-ins', async () => {
    const added = await editor({ resource: 'notes', action: 'add', params: { title: 'Ship it', pinned: true } })
    expect(added.body).toMatchObject({ ok: true, changed: true, data: { title: 'Ship it', pinned: true, author: expect.stringContaining('editor') } })
    const listed = await editor({ resource: 'notes', action: 'list' })
    expect(listed.body.data.notes).toHaveLength(1)
    const builtin = await editor({ resource: 'crm', action: 'list' })
    expect(builtin.status).toBe(403)
    expect(builtin.body.code).toBe('forbidden')
  })

  test('a subscriber cannot run them', async () => {
    const subscriber = dispatcher(server.app, (await createAccount(server.db, 'subscriber')).key)
    expect((await subscriber({ resource: 'notes', action: 'list' })).status).toBe(403)
  })

  test('confirm is enforced on the destructive one', async () => {
    const { id } = (await editor({ resource: 'notes', action: 'list' })).body.data.notes[0]
    const refused = await editor({ resource: 'notes', action: 'remove', params: { id } })
    expect(refused.body.code).toBe('confirm_required')
    expect(await server.db.siteNote.count()).toBe(1)
    const removed = await editor({ resource: 'notes', action: 'remove', params: { id }, confirm: true })
    expect(removed.body).toMatchObject({ ok: true, data: { id, deleted: true } })
    expect(await server.db.siteNote.count()).toBe(0)
  })

  test('audit entries are written for its calls', async () => {
    const entries = await server.db.svcAuditEntry.findMany({ where: { operation: { startsWith: 'notes.' } }, orderBy: { id: 'asc' } })
    expect(entries.map(e => [e.operation, e.ok, e.code])).toEqual([
      ['notes.add', true, null],
      ['notes.list', true, null],
      ['notes.list', false, 'forbidden'],
      ['notes.list', true, null],
      ['notes.remove', false, 'confirm_required'],
      ['notes.remove', true, null],
    ])
  })

  test('its module can be switched off like a built-in one', async () => {
    const admin = dispatcher(server.app, (await createAccount(server.db, 'administrator')).key)
    await admin({ resource: 'modules', action: 'disable', params: { module: 'notes' } })
    expect((await editor({ resource: 'notes', action: 'list' })).body.code).toBe('module_disabled')
    await admin({ resource: 'modules', action: 'enable', params: { module: 'notes' } })
  })
})
