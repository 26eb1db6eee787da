// @svc-provider-independent: host operations that touch no table, through the registry and the dispatch pipeline (runs once, on SQLite).
import { beforeAll, describe, expect, test } from '@jest/globals'
import { z } from 'zod'
import { defineOperation } from '../packages/control-plane/src/index.ts'
import { startTestServer, useTestServer, type ActingAccount } from './support/in-process-server.ts'
import { getWithKey } from './support/client.ts'
import { connectMcp2, listen } from './support/mcp-client.ts'

const greetings: string[] = []

const greet = defineOperation({
  resource: 'site',
  action: 'greet',
  summary: 'Say hello.',
  readonly: true,
  params: z.object({ name: z.string().min(1), times: z.number().int().min(1).max(3).optional() }),
  returns: z.object({ greeting: z.string() }),
  async handler ({ name, times }) {
    return { data: { greeting: `hello ${name}`.repeat(times ?? 1), internal: 'stripped' } as { greeting: string }, changed: false }
  },
})

const forget = defineOperation({
  resource: 'site',
  action: 'forget',
  summary: 'Forget every greeting.',
  destructive: true,
  capability: 'edit_posts',
  params: z.object({}),
  returns: z.object({ forgotten: z.number() }),
  async handler () {
    const forgotten = greetings.length
    greetings.length = 0
    return { data: { forgotten }, changed: forgotten > 0 }
  },
})

/** An operation whose capability the host gives editors alone, so the administrator may not run it. */
const proofread = defineOperation({
  resource: 'site',
  action: 'proofread',
  summary: 'Proofread the greetings.',
  readonly: true,
  capability: 'proofread_posts',
  params: z.object({}),
  returns: z.object({ greetings: z.number() }),
  async handler () {
    return { data: { greetings: greetings.length }, changed: false }
  },
})

const plane = useTestServer({
  operations: [greet, forget, proofread],
  security: { capabilities: { manage_options: ['administrator'], edit_posts: ['administrator', 'editor'], proofread_posts: ['editor'] } },
})
let editor: ActingAccount

beforeAll(async () => { editor = await plane.account('editor') })

describe('operations registered by the host', () => {
  test('appear in the manifest with their schema and metadata', async () => {
    const res = await getWithKey(plane.server.app, plane.admin.key, '/manage/manifest')
    const entry = res.body.data.operations.find((op: { name: string }) => op.name === 'site.greet')
    expect(entry).toMatchObject({
      resource: 'site', action: 'greet', readonly: true, destructive: false, idempotent: true,
      capability: 'manage_options', get_path: '/api/svc/v1/manage/site/greet',
    })
    expect(entry.params.required).toEqual(['name'])
  })

  test('dispatch like built-ins: validated params, returns schema applied', async () => {
    const ok = await plane.dispatch({ resource: 'site', action: 'greet', params: { name: 'Ada', times: 2 } })
    expect(ok.body).toEqual({ ok: true, data: { greeting: 'hello Adahello Ada' }, changed: false, error: null })
    const bad = await plane.dispatch({ resource: 'site', action: 'greet', params: { name: 'Ada', times: 9 } })
    expect(bad.status).toBe(400)
    expect(bad.body.code).toBe('invalid_params')
  })

  test('are served by the GET read form when readonly', async () => {
    const res = await getWithKey(plane.server.app, plane.admin.key, '/manage/site/greet?name=Bob')
    expect(res.body.data).toEqual({ greeting: 'hello Bob' })
  })

  test('get confirm handling when destructive', async () => {
    greetings.push('a')
    const refused = await plane.dispatch({ resource: 'site', action: 'forget' })
    expect(refused.body.code).toBe('confirm_required')
    expect(greetings).toEqual(['a'])
    const done = await plane.dispatch({ resource: 'site', action: 'forget', confirm: true })
    expect(done.body).toMatchObject({ ok: true, changed: true, data: { forgotten: 1 } })
  })

  test('use their own capability, mapped onto host roles', async () => {
    const editorForget = await editor.dispatch({ resource: 'site', action: 'forget', confirm: true })
    expect(editorForget.status).toBe(200)
    const editorGreet = await editor.dispatch({ resource: 'site', action: 'greet', params: { name: 'x' } })
    expect(editorGreet.status).toBe(403)
    expect(editorGreet.body.code).toBe('forbidden')
  })

  test('the manifest, the OpenAPI document and tools/list leave out an operation whose capability the caller\'s role lacks', async () => {
    const manifest = await getWithKey(plane.server.app, plane.admin.key, '/manage/manifest')
    const names = (manifest.body.data.operations as { name: string }[]).map(operation => operation.name)
    expect(names).toEqual(expect.arrayContaining(['site.greet', 'site.forget']))
    expect(names).not.toContain('site.proofread')
    const document = await getWithKey(plane.server.app, plane.admin.key, '/openapi.json')
    expect(Object.keys(document.body.paths as Record<string, unknown>)).not.toContain('/manage/site/proofread')
    const listener = await listen(plane.server.app)
    try {
      const toolsOf = async (key: string) => {
        const client = await connectMcp2(listener.url, key)
        try {
          return (await client.listTools()).tools.map(tool => tool.name)
        } finally {
          await client.close()
        }
      }
      expect(await toolsOf(plane.admin.key)).not.toContain('site-proofread')
      expect(await toolsOf(editor.key)).toEqual(expect.arrayContaining(['site-proofread', 'site-forget']))
    } finally {
      await listener.close()
    }
    const refused = await plane.dispatch({ resource: 'site', action: 'proofread' })
    expect(refused.body.code).toBe('forbidden')
  })

  test('cannot take a name that is already registered', async () => {
    await expect(startTestServer({ controlPlane: { operations: [greet, greet] } })).rejects.toThrow('site.greet is registered twice')
  })
})
