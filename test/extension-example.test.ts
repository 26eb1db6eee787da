// @svc-provider-independent: the extension's registration (manifest, capability, module, route, topic, counter); its operations run on both providers by their examples in built-server.test.ts (runs once, on SQLite).
import { hostClient, useTestServer } from './support/in-process-server.ts'
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import request from 'supertest'
import { BASE, getWithKey } from './support/client.ts'
import { startHttpPeer, type HttpPeer } from './support/loopback-peer.ts'
import { graphql, sessionCookie } from './support/session-client.ts'
import { ANNOUNCE_URL_VARIABLE } from '../examples/site-notes/pinned-topic.ts'

const plane = useTestServer()
let peer: HttpPeer

beforeAll(async () => { peer = await startHttpPeer() })
afterAll(async () => peer.close())

const asEditor = async () => (await plane.account('editor')).dispatch
const uniqueTitle = (what: string) => `${what} ${Math.random().toString(36).slice(2, 8)}`

describe('the extension guide example (examples/site-notes), installed through defineResource', () => {
  test('its operations appear in the manifest with their schema, capability and module', async () => {
    const { operations } = (await getWithKey(plane.server.app, plane.admin.key, '/manage/manifest')).body.data
    const add = operations.find((op: { name: string }) => op.name === 'notes.add')
    expect(add).toMatchObject({ capability: 'manage_notes', module: 'notes', destructive: false, enabled: true })
    expect(add.params.required).toEqual(['title'])
    expect(operations.find((op: { name: string }) => op.name === 'notes.remove')).toMatchObject({ destructive: true })
  })

  test('an editor\'s key runs them, and not the built-ins; a subscriber\'s runs neither', async () => {
    const editor = await asEditor()
    const title = uniqueTitle('Ship it')
    const added = await editor({ resource: 'notes', action: 'add', params: { title } })
    expect(added.body).toMatchObject({ ok: true, changed: true, data: { title, pinned: false, author: expect.stringContaining('editor') } })
    const listed = await editor({ resource: 'notes', action: 'list' })
    expect(listed.body.data.notes.map((note: { title: string }) => note.title)).toContain(title)
    const builtin = await editor({ resource: 'crm', action: 'list' })
    expect([builtin.status, builtin.body.code]).toEqual([403, 'forbidden'])
    const subscriber = (await plane.account('subscriber')).dispatch
    expect((await subscriber({ resource: 'notes', action: 'list' })).status).toBe(403)
  })

  test('confirm is enforced on the destructive one, and every call is audited', async () => {
    const editor = await asEditor()
    const { id } = (await editor({ resource: 'notes', action: 'add', params: { title: uniqueTitle('Remove me') } })).body.data
    const refused = await editor({ resource: 'notes', action: 'remove', params: { id } })
    expect(refused.body.code).toBe('confirm_required')
    expect(await hostClient(plane.server.db).siteNote.count({ where: { id } })).toBe(1)
    const removed = await editor({ resource: 'notes', action: 'remove', params: { id }, confirm: true })
    expect(removed.body).toMatchObject({ ok: true, data: { id, deleted: true } })
    expect(await hostClient(plane.server.db).siteNote.count({ where: { id } })).toBe(0)
    const entries = await plane.server.db.svcAuditEntry.findMany({ where: { operation: 'notes.remove' }, orderBy: { id: 'asc' } })
    expect(entries.slice(-2).map(entry => [entry.ok, entry.code])).toEqual([[false, 'confirm_required'], [true, null]])
  })

  test('its list is readable in GraphQL by holders of its capability, and has no mutation for anyone', async () => {
    const editor = await plane.account('editor')
    const subscriber = await plane.account('subscriber')
    const editorCookie = await sessionCookie(plane.server.app, editor.email, editor.password)
    const subscriberCookie = await sessionCookie(plane.server.app, subscriber.email, subscriber.password)
    const notes = await hostClient(plane.server.db).siteNote.count()
    expect((await graphql(plane.server.app, '{ siteNotesCount }', {}, editorCookie)).body.data?.siteNotesCount).toBe(notes)
    expect((await graphql(plane.server.app, '{ siteNotesCount }', {}, subscriberCookie)).body.data?.siteNotesCount ?? 0).toBe(0)
    const write = await graphql(plane.server.app, 'mutation { createSiteNote(data: { title: "Injected" }) { id } }', {}, editorCookie)
    expect(write.body.data?.createSiteNote ?? null).toBeNull()
    // Not refused by its access rules alone: a read-only list has no mutation in the schema (ListAccess.graphql).
    expect(write.body.errors?.[0]?.message).toMatch(/^Cannot query field "createSiteNote"/)
    expect(await hostClient(plane.server.db).siteNote.count()).toBe(notes)
  })

  test('its seed wrote the welcome note when the server started', async () => {
    expect(await hostClient(plane.server.db).siteNote.findFirst({ where: { author: 'system' } })).toMatchObject({ title: 'Welcome to site notes' })
  })

  test('its public route serves the pinned notes to any page, without credentials', async () => {
    const title = uniqueTitle('Site maintenance tonight')
    await (await asEditor())({ resource: 'notes', action: 'add', params: { title, pinned: true } })
    const res = await request(plane.server.app).get(`${BASE}/public/notes`).set('Origin', 'https://www.example.org')
    expect(res.status).toBe(200)
    expect(res.headers['access-control-allow-origin']).toBe('https://www.example.org')
    expect(res.body).toMatchObject({ ok: true, changed: false, data: { notes: expect.arrayContaining([title]) } })
    const other = await request(plane.server.app).post(`${BASE}/public/notes`)
    expect([other.status, other.body.code]).toEqual([405, 'method_not_allowed'])
  })

  test('its outbox topic announces a pinned note at the URL in a site variable', async () => {
    await plane.dispatch({ resource: 'variables', action: 'set', params: { name: ANNOUNCE_URL_VARIABLE, value: `${peer.url}/hooks/notes` } })
    const title = uniqueTitle('Pinned for the team')
    const { id } = (await (await asEditor())({ resource: 'notes', action: 'add', params: { title, pinned: true } })).body.data
    const delivered = await peer.nextRequest()
    expect(delivered).toMatchObject({ method: 'POST', url: '/hooks/notes' })
    expect(JSON.parse(delivered.body)).toEqual({ type: 'note.pinned', id, title })
  })

  test('its status counter appears in status.get', async () => {
    const { counts } = (await plane.dispatch({ resource: 'status', action: 'get' })).body.data
    expect(counts.notes).toBe(await hostClient(plane.server.db).siteNote.count())
  })

  test('its Admin UI entry is in the manifest, after the built-in pages', async () => {
    const pages = (await getWithKey(plane.server.app, plane.admin.key, '/manage/manifest')).body.data.admin_pages
    expect(pages.at(-1)).toEqual({ path: '/control-plane?op=notes.list', label: 'Notes', title: 'Operations console', requires: ['notes.list'] })
    expect(pages.map((page: { path: string }) => page.path)).toContain('/control-plane/crm')
  })

  test('its module can be switched off like a built-in one, public route included', async () => {
    const editor = await asEditor()
    try {
      await plane.dispatch({ resource: 'modules', action: 'disable', params: { module: 'notes' } })
      expect((await editor({ resource: 'notes', action: 'list' })).body.code).toBe('module_disabled')
      const route = await request(plane.server.app).get(`${BASE}/public/notes`)
      expect([route.status, route.body.code]).toEqual([409, 'module_disabled'])
    } finally {
      await plane.dispatch({ resource: 'modules', action: 'enable', params: { module: 'notes' } })
    }
  })
})
