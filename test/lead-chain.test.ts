import { describe, expect, test } from '@jest/globals'
import { createHash } from 'node:crypto'
import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import { canonicalize } from 'json-canonicalize'
import { useTestServer } from './support/in-process-server.ts'
import { HOSTILE_VALUES } from './support/hostile-values.ts'
import { eventHash, GENESIS_HASH, verifyChain } from '../packages/control-plane/src/resources/leads/chain.ts'
import { changeLeadStatus } from '../packages/control-plane/src/resources/leads/change-status.ts'
import { LEAD_STATUSES } from '../packages/control-plane/src/resources/leads/statuses.ts'

const plane = useTestServer({ outbox: false })

const leads = async (action: string, params: Record<string, unknown>) => plane.dispatch({ resource: 'leads', action, params })

/** A lead with five events: captured, then four status changes. */
async function leadWithFiveEvents (): Promise<number> {
  const { body } = await leads('capture', { source: 'chain_test', email: 'chain@example.test', data: { message: 'hello' } })
  for (const status of ['Contacted', 'Qualified', 'Customer', 'Unqualified']) await leads('set_status', { id: body.data.id, status })
  return body.data.id
}

const verify = async (id: number) => (await leads('verify', { id })).body.data.chain
const sql = (statement: string) => plane.server.db.$executeRawUnsafe(statement)

describe('the lead chain', () => {
  test('each hash is SHA-256 of the previous hash and the RFC 8785 canonical JSON of the event', () => {
    const at = new Date('2026-03-01T10:00:00.000Z')
    const event = { lead: 'ld_x', seq: 1, type: 'captured', at, data: { b: [1, 'é'], a: null } }
    const canonical = '{"at":"2026-03-01T10:00:00.000Z","data":{"a":null,"b":[1,"é"]},"lead":"ld_x","seq":1,"type":"captured"}'
    expect(eventHash(GENESIS_HASH, event)).toBe(createHash('sha256').update(GENESIS_HASH + canonical).digest('hex'))
    expect(eventHash(GENESIS_HASH, { ...event, data: { a: null, b: [1, 'é'] } })).toBe(eventHash(GENESIS_HASH, event))
  })

  test('the hand-written envelope hashes byte for byte as the general canonicalizer does, for hostile data and names', () => {
    const reference = (prevHash: string, event: { lead: string, seq: number, type: string, at: Date, data: unknown }) =>
      createHash('sha256').update(prevHash + canonicalize({ lead: event.lead, seq: event.seq, type: event.type, at: event.at.toISOString(), data: event.data ?? null })).digest('hex')
    const at = new Date('2026-03-01T10:00:00.123Z')
    for (const { label, json } of HOSTILE_VALUES.filter(value => !value.label.includes('5,000 deep'))) {
      const data = JSON.parse(json) as unknown
      for (const event of [
        { lead: 'ld_x', seq: 7, type: 'captured', at, data },
        { lead: 'lé\u2028"\ud800', seq: 1, type: 'ty"pe\u0000', at, data: { [label]: data, z: [data, undefined, null] } },
      ]) expect([label, eventHash(GENESIS_HASH, event)]).toEqual([label, reference(GENESIS_HASH, event)])
    }
    expect(eventHash('f'.repeat(64), { lead: 'x', seq: 2, type: 't', at, data: undefined })).toBe(reference('f'.repeat(64), { lead: 'x', seq: 2, type: 't', at, data: undefined }))
  })

  test('get returns the timeline, linked hash by hash, and a chain that verifies', async () => {
    const id = await leadWithFiveEvents()
    const { body } = await leads('get', { id })
    const events = body.data.events
    expect(events.map((e: { seq: number, type: string }) => [e.seq, e.type])).toEqual([
      [1, 'captured'], [2, 'status_changed'], [3, 'status_changed'], [4, 'status_changed'], [5, 'status_changed'],
    ])
    expect(events[0].prev_hash).toBe(GENESIS_HASH)
    for (let i = 1; i < events.length; i++) expect(events[i].prev_hash).toBe(events[i - 1].hash)
    expect(events[1].data).toEqual({ from: 'New', to: 'Contacted', origin: 'inbound' })
    expect(body.data.chain).toEqual({ ok: true, count: 5, broken_at: null })
    expect(await verify(id)).toEqual({ ok: true, count: 5, broken_at: null })
  })

  test('editing the data of an event is caught at that event', async () => {
    const id = await leadWithFiveEvents()
    await sql(`UPDATE "svc_lead_events" SET "data" = '{"from":"New","to":"Customer","origin":"inbound"}' WHERE "lead" = ${id} AND "seq" = 2`)
    expect(await verify(id)).toEqual({ ok: false, count: 5, broken_at: 2 })
    expect((await leads('get', { id })).body.data.chain).toEqual({ ok: false, count: 5, broken_at: 2 })
  })

  test('editing the captured event is caught at position 1', async () => {
    const id = await leadWithFiveEvents()
    await sql(`UPDATE "svc_lead_events" SET "type" = 'note' WHERE "lead" = ${id} AND "seq" = 1`)
    expect(await verify(id)).toEqual({ ok: false, count: 5, broken_at: 1 })
  })

  test('deleting a middle event is caught where it was', async () => {
    const id = await leadWithFiveEvents()
    await sql(`DELETE FROM "svc_lead_events" WHERE "lead" = ${id} AND "seq" = 3`)
    expect(await verify(id)).toEqual({ ok: false, count: 4, broken_at: 3 })
  })

  test('deleting the last event is caught by the count the lead stores', async () => {
    const id = await leadWithFiveEvents()
    await sql(`DELETE FROM "svc_lead_events" WHERE "lead" = ${id} AND "seq" = 5`)
    expect(await verify(id)).toEqual({ ok: false, count: 4, broken_at: 5 })
  })

  test('reordering two events is caught at the first moved one', async () => {
    const id = await leadWithFiveEvents()
    await sql(`UPDATE "svc_lead_events" SET "seq" = -1 WHERE "lead" = ${id} AND "seq" = 3`)
    await sql(`UPDATE "svc_lead_events" SET "seq" = 3 WHERE "lead" = ${id} AND "seq" = 4`)
    await sql(`UPDATE "svc_lead_events" SET "seq" = 4 WHERE "lead" = ${id} AND "seq" = -1`)
    expect(await verify(id)).toEqual({ ok: false, count: 5, broken_at: 3 })
  })

  test('a last event rewritten with a recomputed hash is caught by the head hash the lead stores', async () => {
    const id = await leadWithFiveEvents()
    const [ref, last] = await Promise.all([
      plane.server.db.svcLead.findUniqueOrThrow({ where: { id }, select: { ref: true } }),
      plane.server.db.svcLeadEvent.findFirstOrThrow({ where: { leadId: id, seq: 5 } }),
    ])
    const forged = { from: 'Customer', to: 'Qualified', origin: 'inbound' }
    const hash = eventHash(last.prevHash, { lead: ref.ref, seq: 5, type: last.type, at: last.at, data: forged })
    await sql(`UPDATE "svc_lead_events" SET "data" = '${JSON.stringify(forged)}', "hash" = '${hash}' WHERE "id" = ${last.id}`)
    expect(await verify(id)).toEqual({ ok: false, count: 5, broken_at: 5 })
  })

  test('an event appended behind the chain’s back is caught after the recorded end', async () => {
    const id = await leadWithFiveEvents()
    const last = await plane.server.db.svcLeadEvent.findFirstOrThrow({ where: { leadId: id, seq: 5 } })
    await sql(`INSERT INTO "svc_lead_events" ("lead", "seq", "type", "at", "data", "prevHash", "hash") VALUES (${id}, 6, 'note', '${last.at.toISOString()}', '{}', '${last.hash}', 'x')`)
    expect(await verify(id)).toEqual({ ok: false, count: 6, broken_at: 6 })
  })

  test('50 concurrent set_status calls on one lead leave one unbroken chain of 51 events', async () => {
    const { body } = await leads('capture', { source: 'burst' })
    const id = body.data.id
    const responses = await Promise.all(Array.from({ length: 50 }, (_, i) => leads('set_status', { id, status: LEAD_STATUSES[i % 5] })))
    expect(responses.map(res => res.status)).toEqual(Array(50).fill(200))
    expect(await verify(id)).toEqual({ ok: true, count: 51, broken_at: null })
    const events = await plane.server.db.svcLeadEvent.findMany({ where: { leadId: id }, orderBy: { seq: 'asc' }, select: { seq: true } })
    expect(events.map(e => e.seq)).toEqual(Array.from({ length: 51 }, (_, i) => i + 1))
    expect((await plane.server.db.svcLead.findUniqueOrThrow({ where: { id } })).eventCount).toBe(51)
  })

  test('appends from another process on the same database interleave into one chain', async () => {
    const { body } = await leads('capture', { source: 'two_processes' })
    const id = body.data.id
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/fixtures/append-statuses.ts', plane.server.databaseUrl, String(id), '30', 'Customer', 'Qualified'], {
      env: { ...process.env, NODE_OPTIONS: '' },
      stdio: ['pipe', 'pipe', 'inherit'],
    })
    const lines = createInterface({ input: child.stdout })
    const exited = new Promise<number | null>(resolve => child.once('exit', resolve))
    await new Promise(resolve => lines.once('line', resolve))
    child.stdin.write('go\n')
    const context = { db: plane.server.db, now: () => new Date(), kickOutbox: () => {} }
    await Promise.all(Array.from({ length: 30 }, (_, i) => changeLeadStatus(context, { id, status: i % 2 ? 'Contacted' : 'Unqualified' }, 'inbound')))
    expect(await exited).toBe(0)
    expect(await verify(id)).toEqual({ ok: true, count: 61, broken_at: null })
    const tos = (await plane.server.db.svcLeadEvent.findMany({ where: { leadId: id, type: 'status_changed' } })).map(e => (e.data as { to: string }).to)
    expect(tos.filter(to => to === 'Customer' || to === 'Qualified')).toHaveLength(30)
  }, 60_000)

  test('verifyChain reports an empty, untouched chain as ok', () => {
    expect(verifyChain({ ref: 'ld_x', eventCount: 0, headHash: '' }, [])).toEqual({ ok: true, count: 0, broken_at: null })
  })

  test('verify and get of an unknown lead are 404 not_found', async () => {
    for (const action of ['verify', 'get']) {
      const res = await leads(action, { id: 999_999 })
      expect(res.status).toBe(404)
      expect(res.body.code).toBe('not_found')
    }
  })
})
