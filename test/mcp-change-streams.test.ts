import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import { startTestServer, useTestServer, type InProcessServer } from './support/in-process-server.ts'
import { createAccount } from './support/accounts.ts'
import { dispatcher } from './support/client.ts'
import { testProvider } from './support/database.ts'
import { connectMcp2, listen, MCP_PATH, type Client2 } from './support/mcp-client.ts'
import { MAX_STREAMS_PER_KEY } from '../packages/control-plane/src/doors/mcp/stream-quota.ts'
import { PostgresChangeFeed } from '../packages/control-plane/src/platform/change-feed/postgres-change-feed.ts'

/** The done-when bound: a listening client hears of a change within this long. */
const WITHIN_MS = 2000

type Heard = { method: string, params?: Record<string, unknown> }

/** Resolves with the first notification `predicate` accepts, or rejects after `ms`. */
function waitFor (heard: Heard[], predicate: (note: Heard) => boolean, ms = WITHIN_MS): Promise<Heard> {
  const started = Date.now()
  return new Promise((resolve, reject) => {
    const poll = () => {
      const found = heard.find(predicate)
      if (found) return resolve(found)
      if (Date.now() - started > ms) return reject(new Error(`not heard within ${ms} ms; heard ${JSON.stringify(heard)}`))
      setTimeout(poll, 20)
    }
    poll()
  })
}

/** A 2.x client at 2026-07-28 listening for list changes and the manifest, with what it heard. */
async function listeningClient (url: string, key: string): Promise<{ client: Client2, heard: Heard[], subscription: Awaited<ReturnType<Client2['listen']>> }> {
  const client = await connectMcp2(url, key)
  const heard: Heard[] = []
  client.setNotificationHandler('notifications/tools/list_changed', note => { heard.push(note) })
  client.setNotificationHandler('notifications/resources/updated', note => { heard.push(note) })
  const subscription = await client.listen({ toolsListChanged: true, resourceSubscriptions: ['svc://manifest'] })
  return { client, heard, subscription }
}

/** A 2025-era change stream: GET on the endpoint, read as server-sent events. */
async function legacyStream (url: string, key: string, path = MCP_PATH) {
  const abort = new AbortController()
  const response = await fetch(`${url}${path}`, {
    headers: { Authorization: `Bearer ${key}`, Accept: 'text/event-stream', 'MCP-Protocol-Version': '2025-11-25' },
    signal: abort.signal,
  })
  const heard: Heard[] = []
  let ended = false
  const reading = (async () => {
    if (!response.body) return
    const decoder = new TextDecoder()
    let buffer = ''
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk, { stream: true })
        let end: number
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const data = buffer.slice(0, end).split('\n').filter(line => line.startsWith('data:')).map(line => line.slice(5).trim()).join('')
          buffer = buffer.slice(end + 2)
          if (data) heard.push(JSON.parse(data) as Heard)
        }
      }
    } catch {
      // Aborted by the test.
    }
    ended = true
  })()
  return { response, heard, reading, get ended () { return ended }, close: () => { abort.abort() } }
}

const toolNames = async (client: Client2) => (await client.listTools(undefined, { cacheMode: 'refresh' })).tools.map(tool => tool.name)

describe('one instance: a module switch reaches the clients listening on it', () => {
  const plane = useTestServer()
  let http: Awaited<ReturnType<typeof listen>>
  beforeAll(async () => { http = await listen(plane.server.app) })
  afterAll(async () => { await http?.close() })

  test('a 2026-07-28 client hears tools/list_changed and the manifest updated; its next list lacks the module\'s tools', async () => {
    const { client, heard, subscription } = await listeningClient(http.url, plane.admin.key)
    try {
      expect(subscription.honoredFilter).toEqual({ toolsListChanged: true, resourceSubscriptions: ['svc://manifest'] })
      expect(await toolNames(client)).toContain('crm-list')
      expect((await plane.dispatch({ resource: 'modules', action: 'disable', params: { module: 'crm' } })).body.ok).toBe(true)
      await waitFor(heard, note => note.method === 'notifications/tools/list_changed')
      await waitFor(heard, note => note.method === 'notifications/resources/updated' && note.params?.uri === 'svc://manifest')
      expect(await toolNames(client)).not.toContain('crm-list')
    } finally {
      await client.close()
      await plane.dispatch({ resource: 'modules', action: 'enable', params: { module: 'crm' } })
    }
  })

  test('a switch that changes nothing (already on) is not announced', async () => {
    const { client, heard } = await listeningClient(http.url, plane.admin.key)
    try {
      expect((await plane.dispatch({ resource: 'modules', action: 'enable', params: { module: 'crm' } })).body).toMatchObject({ ok: true })
      await new Promise(resolve => setTimeout(resolve, 300))
      expect(heard).toEqual([])
    } finally {
      await client.close()
    }
  })

  test('a 2025-era GET stream hears tools/list_changed, prompts/list_changed and the manifest updated', async () => {
    const stream = await legacyStream(http.url, plane.admin.key)
    try {
      expect(stream.response.status).toBe(200)
      expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/)
      await plane.dispatch({ resource: 'modules', action: 'disable', params: { module: 'ai' } })
      await waitFor(stream.heard, note => note.method === 'notifications/tools/list_changed')
      await waitFor(stream.heard, note => note.method === 'notifications/prompts/list_changed')
      await waitFor(stream.heard, note => note.method === 'notifications/resources/updated' && note.params?.uri === 'svc://manifest')
    } finally {
      stream.close()
      await plane.dispatch({ resource: 'modules', action: 'enable', params: { module: 'ai' } })
    }
  })

  test('revoking a key tells the streams; a GET without a key is 401 and opens none', async () => {
    const owner = await plane.account('administrator')
    const minted = await owner.dispatch({ resource: 'api_keys', action: 'mint', params: { label: 'short-lived' } })
    const stream = await legacyStream(http.url, plane.admin.key)
    try {
      await owner.dispatch({ resource: 'api_keys', action: 'revoke', params: { id: minted.body.data.id }, confirm: true })
      await waitFor(stream.heard, note => note.method === 'notifications/tools/list_changed')
    } finally {
      stream.close()
    }
    const anonymous = await fetch(`${http.url}${MCP_PATH}`, { headers: { Accept: 'text/event-stream' } })
    expect(anonymous.status).toBe(401)
  })

  test(`a key holds at most ${MAX_STREAMS_PER_KEY} change streams on an instance; the next is 429 until one closes`, async () => {
    const streams = []
    try {
      for (let i = 0; i < MAX_STREAMS_PER_KEY; i++) streams.push(await legacyStream(http.url, plane.admin.key))
      expect(streams.map(stream => stream.response.status)).toEqual(Array(MAX_STREAMS_PER_KEY).fill(200))
      const refused = await fetch(`${http.url}${MCP_PATH}`, { headers: { Authorization: `Bearer ${plane.admin.key}`, Accept: 'text/event-stream' } })
      expect(refused.status).toBe(429)
      expect((await refused.json() as { error: { data: { code: string } } }).error.data.code).toBe('rate_limited')
      // A 2026-07-28 listen counts against the same bound.
      await expect(connectMcp2(http.url, plane.admin.key).then(client => client.listen({ toolsListChanged: true }))).rejects.toThrow()
      // Another key is not held back by this one's streams.
      const other = await plane.account('administrator')
      const theirs = await legacyStream(http.url, other.key)
      expect(theirs.response.status).toBe(200)
      theirs.close()
      streams.pop()!.close()
      await waitForQuota(http.url, plane.admin.key)
    } finally {
      for (const stream of streams) stream.close()
    }
  })
})

/** A closed stream frees its place once the server saw the connection close. */
async function waitForQuota (url: string, key: string) {
  for (let attempt = 0; attempt < 50; attempt++) {
    const stream = await legacyStream(url, key)
    stream.close()
    if (stream.response.status === 200) return
    await new Promise(resolve => setTimeout(resolve, 20))
  }
  throw new Error('the closed stream\'s place was not freed')
}

describe('stop() ends the change streams cleanly', () => {
  let server: InProcessServer
  let http: Awaited<ReturnType<typeof listen>>
  beforeAll(async () => {
    server = await startTestServer()
    http = await listen(server.app)
  })
  afterAll(async () => { await http?.close() })

  test('a listen subscription ends gracefully and a GET stream ends, both before stop() resolves', async () => {
    const admin = await createAccount(server.db)
    const { client, subscription } = await listeningClient(http.url, admin.key)
    const stream = await legacyStream(http.url, admin.key)
    await server.close()
    expect(await subscription.closed).toBe('graceful')
    await stream.reading
    expect(stream.ended).toBe(true)
    await client.close()
  })
})

// Two instances on one SQLite file share no feed: only PostgreSQL carries a change between them.
const describeOnPostgres = testProvider === 'postgresql' ? describe : describe.skip

describeOnPostgres('two instances on one PostgreSQL database', () => {
  let first: InProcessServer
  let second: InProcessServer
  let http: Awaited<ReturnType<typeof listen>>
  let key: string
  let dispatchOnSecond: ReturnType<typeof dispatcher>

  beforeAll(async () => {
    first = await startTestServer()
    second = await startTestServer({ sharedWith: first })
    http = await listen(first.app)
    ;({ key } = await createAccount(first.db))
    dispatchOnSecond = dispatcher(second.app, key)
    await (first.runtime.changes as PostgresChangeFeed).listening()
  })
  afterAll(async () => {
    await http?.close()
    await second?.close()
    await first?.close()
  })

  test(`a client listening on instance A hears tools/list_changed within ${WITHIN_MS} ms of a module switched through instance B`, async () => {
    const { client, heard } = await listeningClient(http.url, key)
    const stream = await legacyStream(http.url, key)
    try {
      const switched = Date.now()
      expect((await dispatchOnSecond({ resource: 'modules', action: 'disable', params: { module: 'crm' } })).body.ok).toBe(true)
      await waitFor(heard, note => note.method === 'notifications/tools/list_changed')
      await waitFor(stream.heard, note => note.method === 'notifications/tools/list_changed')
      expect(Date.now() - switched).toBeLessThan(WITHIN_MS)
      await waitFor(heard, note => note.method === 'notifications/resources/updated')
      expect(await toolNames(client)).not.toContain('crm-list')
    } finally {
      stream.close()
      await client.close()
      await dispatchOnSecond({ resource: 'modules', action: 'enable', params: { module: 'crm' } })
    }
  })

  test('the LISTEN connection lost (terminated by the database) is made again, and changes from B reach A after it', async () => {
    const { client, heard } = await listeningClient(http.url, key)
    try {
      const terminated = await first.db.$queryRawUnsafe<Array<{ ended: boolean }>>(
        "SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE query = 'LISTEN svc_changes' AND datname = current_database()",
      )
      // Both instances' LISTEN connections.
      expect(terminated.filter(row => row.ended)).toHaveLength(2)
      // Once it is back, A tells its clients once, since a change may have gone by unheard.
      await waitFor(heard, note => note.method === 'notifications/tools/list_changed', 5000)
      heard.length = 0
      await (first.runtime.changes as PostgresChangeFeed).listening()
      await waitForListeners(first, 2)
      await dispatchOnSecond({ resource: 'modules', action: 'disable', params: { module: 'ai' } })
      await waitFor(heard, note => note.method === 'notifications/tools/list_changed')
    } finally {
      await client.close()
      await dispatchOnSecond({ resource: 'modules', action: 'enable', params: { module: 'ai' } })
    }
  })
})

/** Waits until this many connections of the database are listening for changes. */
async function waitForListeners (server: InProcessServer, count: number) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const rows = await server.db.$queryRawUnsafe<Array<{ n: bigint | number }>>(
      "SELECT count(*) AS n FROM pg_stat_activity WHERE query = 'LISTEN svc_changes' AND datname = current_database()",
    )
    if (Number(rows[0]!.n) >= count) return
    await new Promise(resolve => setTimeout(resolve, 50))
  }
  throw new Error(`fewer than ${count} instances listen`)
}
