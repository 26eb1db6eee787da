import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import request from 'supertest'
import { z } from 'zod'
import { defineOperation } from '../packages/control-plane/src/index.ts'
import { startTestServer, type InProcessServer, useTestServer } from './support/in-process-server.ts'
import { BASE } from './support/client.ts'
import { connectMcp, listen } from './support/mcp-client.ts'
import { IDEMPOTENCY_LEASE_MS } from '../packages/control-plane/src/platform/idempotency/store.ts'

/** A write whose runs are counted and which waits for the test to let it finish: the race made visible. */
let runs = 0
let failNext = false
let gate: Promise<void> = Promise.resolve()
let open: () => void = () => {}
const closeGate = () => { gate = new Promise(resolve => { open = resolve }) }

const tally = defineOperation({
  resource: 'probe',
  action: 'tally',
  summary: 'Count one run.',
  params: z.object({ note: z.string().optional() }),
  returns: z.object({ run: z.number().int() }),
  async handler () {
    await gate
    if (failNext) {
      failNext = false
      throw new Error('a fault of ours')
    }
    runs += 1
    return { data: { run: runs }, changed: true }
  },
})

const plane = useTestServer({ operations: [tally] })

function post (server: InProcessServer, key: string, body: object, idempotencyKey?: string) {
  const call = request(server.app).post(`${BASE}/manage/dispatch`).set('Authorization', `Bearer ${key}`)
  if (idempotencyKey !== undefined) call.set('Idempotency-Key', idempotencyKey)
  return call.send(body)
}

const TALLY = { resource: 'probe', action: 'tally', params: {} }
let counter = 0
const freshKey = () => `test-${Date.now()}-${++counter}`

describe('Idempotency-Key on one instance', () => {
  test('a repeated write gets the first response byte for byte, marked Idempotent-Replayed, and runs once', async () => {
    const key = freshKey()
    const body = { resource: 'crm', action: 'create', params: { name: `Idem ${key}` } }
    const first = await post(plane.server, plane.admin.key, body, key)
    expect(first.status).toBe(200)
    expect(first.headers['idempotent-replayed']).toBeUndefined()
    const second = await post(plane.server, plane.admin.key, body, key)
    expect(second.status).toBe(200)
    expect(second.text).toBe(first.text)
    expect(second.headers['idempotent-replayed']).toBe('true')
    expect(second.headers['request-id']).not.toBe(first.headers['request-id'])
    const list = await plane.dispatch({ resource: 'crm', action: 'list' })
    expect(list.body.data.crms.filter((crm: { name: string }) => crm.name === `Idem ${key}`)).toHaveLength(1)
  })

  test('the route per operation shares the key with dispatch for the same call', async () => {
    const key = freshKey()
    const first = await post(plane.server, plane.admin.key, TALLY, key)
    const before = runs
    const again = await request(plane.server.app).post(`${BASE}/manage/probe/tally`)
      .set('Authorization', `Bearer ${plane.admin.key}`).set('Idempotency-Key', key).send({})
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(again.text).toBe(first.text)
    expect(runs).toBe(before)
  })

  test('the same key with other params answers 409 idempotency_mismatch, runs nothing and is audited', async () => {
    const key = freshKey()
    await post(plane.server, plane.admin.key, { ...TALLY, params: { note: 'a' } }, key)
    const before = runs
    const other = await post(plane.server, plane.admin.key, { ...TALLY, params: { note: 'b' } }, key)
    expect(other.status).toBe(409)
    expect(other.body).toMatchObject({ ok: false, code: 'idempotency_mismatch', request_id: other.headers['request-id'] })
    expect(runs).toBe(before)
    const entry = await plane.server.db.svcAuditEntry.findFirst({ where: { requestId: other.headers['request-id'] } })
    expect(entry).toMatchObject({ operation: 'probe.tally', ok: false, code: 'idempotency_mismatch' })
  })

  test('keys are per caller: another key with the same Idempotency-Key runs its own call', async () => {
    const key = freshKey()
    const editorless = await plane.account('administrator')
    const mine = await post(plane.server, plane.admin.key, TALLY, key)
    const theirs = await post(plane.server, editorless.key, TALLY, key)
    expect(theirs.headers['idempotent-replayed']).toBeUndefined()
    expect(theirs.body.data.run).toBe(mine.body.data.run + 1)
  })

  test('a refusal that is the caller\'s mistake is stored and replayed; a fault of ours is not, so a retry runs', async () => {
    const key = freshKey()
    const bad = await post(plane.server, plane.admin.key, { ...TALLY, params: { note: 7 } }, key)
    expect(bad.status).toBe(400)
    const badAgain = await post(plane.server, plane.admin.key, { ...TALLY, params: { note: 7 } }, key)
    expect(badAgain.headers['idempotent-replayed']).toBe('true')
    expect(badAgain.text).toBe(bad.text)

    const retried = freshKey()
    failNext = true
    const fault = await post(plane.server, plane.admin.key, TALLY, retried)
    expect(fault.status).toBe(500)
    const before = runs
    const retry = await post(plane.server, plane.admin.key, TALLY, retried)
    expect(retry.status).toBe(200)
    expect(retry.headers['idempotent-replayed']).toBeUndefined()
    expect(runs).toBe(before + 1)
  })

  test('a malformed key is refused with 400 before anything runs', async () => {
    const before = runs
    for (const key of ['x'.repeat(256), 'clé', 'tab\there']) {
      const res = await post(plane.server, plane.admin.key, TALLY, key)
      expect({ status: res.status, code: res.body.code }).toEqual({ status: 400, code: 'bad_request' })
    }
    expect(runs).toBe(before)
  })

  test('params too deep to hash are refused as too deep, with a key as without, over HTTP and MCP', async () => {
    let deep: unknown = 'x'
    for (let level = 0; level < 1000; level++) deep = [deep]
    const before = runs
    const res = await post(plane.server, plane.admin.key, { ...TALLY, params: { note: deep } }, freshKey())
    expect(res.status).toBe(400)
    const served = await listen(plane.server.app)
    const client = await connectMcp(served.url, plane.admin.key)
    try {
      const result = await client.callTool({ name: 'probe-tally', arguments: { note: deep, idempotency_key: freshKey() } })
      expect(result.isError).toBe(true)
      expect(JSON.parse((result.content as Array<{ text: string }>)[0]!.text)).toMatchObject({ code: 'invalid_params' })
    } finally {
      await client.close()
      await served.close()
    }
    expect(runs).toBe(before)
  })

  test('readonly operations ignore the header', async () => {
    const key = freshKey()
    await post(plane.server, plane.admin.key, { resource: 'crm', action: 'list' }, key)
    const again = await post(plane.server, plane.admin.key, { resource: 'crm', action: 'list' }, key)
    expect(again.headers['idempotent-replayed']).toBeUndefined()
    expect(await plane.server.db.svcIdempotencyKey.count({ where: { key } })).toBe(0)
  })

  test('a claim left by a crashed process is taken over after the lease; an expired key is reusable', async () => {
    const key = freshKey()
    const caller = `key:${plane.admin.keyId}`
    const now = Date.now()
    await plane.server.db.svcIdempotencyKey.create({ data: { caller, key, fingerprint: 'crashed', claimedAt: new Date(now - IDEMPOTENCY_LEASE_MS - 1000), expiresAt: new Date(now + 3_600_000) } })
    const before = runs
    const taken = await post(plane.server, plane.admin.key, TALLY, key)
    expect(taken.status).toBe(200)
    expect(runs).toBe(before + 1)

    await plane.server.db.svcIdempotencyKey.updateMany({ where: { caller, key }, data: { expiresAt: new Date(now - 1000) } })
    const reused = await post(plane.server, plane.admin.key, { ...TALLY, params: { note: 'other params, expired key' } }, key)
    expect(reused.status).toBe(200)
    expect(reused.headers['idempotent-replayed']).toBeUndefined()
    expect(runs).toBe(before + 2)
  })

  test('over MCP, an idempotency_key argument or _meta.idempotency_key runs the tool once and replays its result', async () => {
    const served = await listen(plane.server.app)
    const client = await connectMcp(served.url, plane.admin.key)
    try {
      const key = freshKey()
      const before = runs
      const first = await client.callTool({ name: 'probe-tally', arguments: { idempotency_key: key } })
      expect(first.isError).toBeFalsy()
      const again = await client.callTool({ name: 'probe-tally', arguments: {}, _meta: { idempotency_key: key } })
      expect(again.structuredContent).toEqual(first.structuredContent)
      expect(again._meta).toMatchObject({ 'svc/idempotent_replayed': true })
      expect(runs).toBe(before + 1)
      const mismatch = await client.callTool({ name: 'probe-tally', arguments: { note: 'x', idempotency_key: key } })
      expect(mismatch.isError).toBe(true)
      expect(JSON.parse((mismatch.content as Array<{ text: string }>)[0]!.text)).toMatchObject({ code: 'idempotency_mismatch' })
      // A key used over HTTP is not replayed as a tool result.
      const httpKey = freshKey()
      await post(plane.server, plane.admin.key, TALLY, httpKey)
      const crossed = await client.callTool({ name: 'probe-tally', arguments: { idempotency_key: httpKey } })
      expect(JSON.parse((crossed.content as Array<{ text: string }>)[0]!.text)).toMatchObject({ code: 'idempotency_mismatch' })
    } finally {
      await client.close()
      await served.close()
    }
  })
})

describe('Idempotency-Key across two instances on one database', () => {
  let second: InProcessServer
  beforeAll(async () => { second = await startTestServer({ sharedWith: plane.server, controlPlane: { operations: [tally] } }) })
  afterAll(async () => { await second.close() })

  test('a duplicate while the first call runs answers 409 idempotency_in_progress on the other instance, then replays there', async () => {
    const key = freshKey()
    const before = runs
    closeGate()
    const first = post(plane.server, plane.admin.key, TALLY, key).then(res => res)
    // Wait until the first call holds its claim.
    for (let tries = 0; tries < 200 && await plane.server.db.svcIdempotencyKey.count({ where: { key } }) === 0; tries++) {
      await new Promise(resolve => setTimeout(resolve, 10))
    }
    const duplicate = await post(second, plane.admin.key, TALLY, key)
    expect(duplicate.status).toBe(409)
    expect(duplicate.body.code).toBe('idempotency_in_progress')
    open()
    const done = await first
    expect(done.status).toBe(200)
    const replay = await post(second, plane.admin.key, TALLY, key)
    expect(replay.headers['idempotent-replayed']).toBe('true')
    expect(replay.text).toBe(done.text)
    expect(runs).toBe(before + 1)
  })

  test('many concurrent calls with one key on both instances run the operation once', async () => {
    const key = freshKey()
    const before = runs
    const calls = Array.from({ length: 12 }, (_, index) => post(index % 2 === 0 ? plane.server : second, plane.admin.key, TALLY, key))
    const answers = await Promise.all(calls)
    expect(runs).toBe(before + 1)
    for (const answer of answers) {
      expect([200, 409]).toContain(answer.status)
      if (answer.status === 409) expect(answer.body.code).toBe('idempotency_in_progress')
    }
    expect(answers.filter(answer => answer.status === 200 && answer.headers['idempotent-replayed'] === undefined)).toHaveLength(1)
  })
})
