// @svc-provider-independent: the sanitiser decides what is stored, before storage; ingest and forwarding run on both providers in content-ingest and content-forwarding (runs once, on SQLite).
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import { useTestServer } from './support/in-process-server.ts'
import { deliver } from './support/webhooks.ts'
import { startHttpPeer, type HttpPeer } from './support/loopback-peer.ts'

const plane = useTestServer({ outbox: { pollMs: 3_600_000 } })
let peer: HttpPeer

beforeAll(async () => {
  peer = await startHttpPeer()
})
afterAll(async () => { await peer.close() })

const sources = async (action: string, params: Record<string, unknown>) => (await plane.dispatch({ resource: 'content_sources', action, params })).body.data

/** A source with no cleanup flags at all: sanitising is not one of them. */
async function rawSource (name: string) {
  const source = await sources('create', { name, auth_mode: 'none', forward_enabled: true, forward_url: `${peer.url}/posts` })
  expect((await deliver(plane.server.app, source.slug, { id: 'sample', title: 'Sample', html: '<p>x</p>' })).status).toBe(202)
  await sources('approve_mapping', { id: source.id, mapping: { title: 'title', content: 'html', external_id: 'id' } })
  return source
}

const ingest = async (slug: string, id: string, html: string) => {
  const res = await deliver(plane.server.app, slug, { id, title: `Post ${id}`, html })
  expect(res.body).toMatchObject({ ok: true, data: { status: 'created' } })
  return (await plane.server.db.post.findUniqueOrThrow({ where: { id: res.body.data.post_id } })).content
}

/** Each kind of hostile markup, as sent and as it must be stored. */
const HOSTILE: Array<[kind: string, html: string, stored: string]> = [
  ['script', '<p>Hi</p><script>steal()</script>', '<p>Hi</p>'],
  ['event handler', '<p onclick="steal()">Hi</p>', '<p>Hi</p>'],
  ['javascript: link', '<a href="javascript:steal()">x</a>', '<a>x</a>'],
  ['javascript: link, obfuscated', '<a href="jav&#x09;ascript:steal()">x</a>', '<a>x</a>'],
  ['data: image', '<img src="data:image/svg+xml;base64,PHN2Zz4=" alt="a">', '<img alt="a" />'],
  ['iframe srcdoc', '<iframe srcdoc="<script>steal()</script>"></iframe><p>after</p>', '<p>after</p>'],
  ['object', '<object data="/x.swf"><p>fallback</p></object>', ''],
  ['form', '<form action="https://evil.example/"><input name="card"><button>Pay</button></form>', 'Pay'],
  ['base', '<base href="https://evil.example/"><a href="/x">x</a>', '<a href="/x">x</a>'],
  ['style attribute and element', '<style>body{display:none}</style><p style="position:fixed">x</p>', '<p>x</p>'],
  ['svg with script', '<svg><script>steal()</script><text>t</text></svg><p>ok</p>', '<p>ok</p>'],
  ['meta refresh', '<meta http-equiv="refresh" content="0;url=https://evil.example/"><p>x</p>', '<p>x</p>'],
  ['protocol-relative link', '<a href="//evil.example/">x</a>', '<a>x</a>'],
]

describe('every ingested body is sanitised before it is stored or forwarded', () => {
  let slug: string
  beforeAll(async () => { slug = (await rawSource('Untrusted writer')).slug })

  test.each(HOSTILE)('%s is removed', async (kind, html, stored) => {
    expect(await ingest(slug, `hostile-${kind}`, html)).toBe(stored)
  })

  test('article markup is kept: headings, paragraphs, lists, links, images, tables, figures, code, blockquotes', async () => {
    const article = '<h2 id="intro">Intro</h2><p>Read <a href="https://example.com/a" rel="nofollow">this</a> or ' +
      '<a href="mailto:editor@example.com">write</a>, <strong>now</strong> <em>please</em>.</p>' +
      '<ul><li>one</li></ul><ol start="3"><li>three</li></ol>' +
      '<figure><img src="https://cdn.example.com/a.png" alt="A" width="640" height="480" /><figcaption>A</figcaption></figure>' +
      '<table><thead><tr><th scope="col">k</th></tr></thead><tbody><tr><td colspan="2">v</td></tr></tbody></table>' +
      '<pre><code class="language-ts">const a = 1 &lt; 2</code></pre><blockquote cite="https://example.com/q"><p>quoted</p></blockquote>'
    expect(await ingest(slug, 'article', article)).toBe(article)
  })

  test('forwarded posts carry the sanitised body', async () => {
    await ingest(slug, 'forwarded', '<p>Hello</p><img src="x" onerror="steal()">')
    for (const [kind, html] of HOSTILE) await ingest(slug, `forwarded-${kind}`, html)
    while (await plane.server.runtime.outbox.kick() > 0);
    const forwarded = peer.received.map(request => JSON.parse(request.body))
    expect(forwarded.find(body => body.post.external_id === 'forwarded')?.post.content).toBe('<p>Hello</p><img src="x" />')
    expect(forwarded.filter(body => body.post.external_id.startsWith('forwarded'))).toHaveLength(HOSTILE.length + 1)
    for (const body of forwarded) expect(body.post.content).not.toMatch(/steal|javascript:|onerror|<script|<iframe|<object|<form|<base/i)
  })
})

describe('title and excerpt are stored as plain text, inert whether a theme escapes them or not', () => {
  let slug: string
  beforeAll(async () => {
    const source = await sources('create', { name: 'Headline writer', auth_mode: 'none' })
    slug = source.slug
    expect((await deliver(plane.server.app, slug, { id: 'sample', title: 'Sample', summary: 's', html: '<p>x</p>' })).status).toBe(202)
    await sources('approve_mapping', { id: source.id, mapping: { title: 'title', excerpt: 'summary', content: 'html', external_id: 'id' } })
  })

  const ingestFields = async (id: string, title: string, summary: string) => {
    const res = await deliver(plane.server.app, slug, { id, title, summary, html: '<p>body</p>' })
    expect(res.body).toMatchObject({ ok: true, data: { status: 'created' } })
    const post = await plane.server.db.post.findUniqueOrThrow({ where: { id: res.body.data.post_id } })
    return { title: post.title, excerpt: post.excerpt }
  }

  test.each([
    ['markup', '<b>Big</b> <img src=x onerror="steal()">news', 'Big news'],
    ['script with its content', 'Hello<script>steal()</script> world', 'Hello world'],
    ['entities decoded to text', 'Tom &amp; Jerry &quot;quoted&quot;', 'Tom & Jerry "quoted"'],
    ['an escaped tag does not become one', '&lt;script&gt;steal()&lt;/script&gt; after', 'script>steal()/script> after'],
    ['a lone < that opens no tag stays', '1 < 2 and 3 > 2', '1 < 2 and 3 > 2'],
  ])('%s', async (kind, raw, expected) => {
    const stored = await ingestFields(`plain-${kind}`, raw, raw)
    expect(stored).toEqual({ title: expected, excerpt: expected })
    expect(`${stored.title}${stored.excerpt}`).not.toMatch(/<[a-z/!?]/i)
  })

  test('a title that is only markup is refused as unmappable, not stored empty', async () => {
    const res = await deliver(plane.server.app, slug, { id: 'only-markup', title: '<img src=x onerror=steal()>', summary: 's', html: '<p>b</p>' })
    expect(res.status).toBe(400)
    expect(res.body.error).toContain('empty once its markup is removed')
  })
})
