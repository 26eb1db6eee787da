import { beforeAll, describe, expect, test } from '@jest/globals'
import { useTestServer } from './support/in-process-server.ts'
import { graphql, sessionCookie } from './support/session-client.ts'

const plane = useTestServer({ outbox: false })
let cookies: Array<[string, string | undefined]>
let leadId: number

beforeAll(async () => {
  const subscriber = await plane.account('subscriber')
  const captured = await plane.caller('leads')('capture', { source: 'form', email: 'private@example.test' })
  leadId = captured.body.data.id
  cookies = [
    ['anonymous', undefined],
    ['subscriber', await sessionCookie(plane.server.app, subscriber.email, subscriber.password)],
    ['administrator', await sessionCookie(plane.server.app, plane.admin.email, plane.admin.password)],
  ]
})

/** Refused by GraphQL's validation: the field does not exist, for anyone. */
function expectUnknownToGraphql (body: { data?: unknown, errors?: { extensions?: { code?: string } }[] }) {
  expect(body.data ?? null).toBeNull()
  expect(body.errors?.length).toBeGreaterThan(0)
  expect(new Set(body.errors!.map(error => error.extensions?.code))).toEqual(new Set(['GRAPHQL_VALIDATION_FAILED']))
}

describe('leads through the GraphQL API', () => {
  test('no one reads a lead or an event there, not even an administrator', async () => {
    for (const [, cookie] of cookies) {
      const res = await graphql(plane.server.app, '{ svcLeads { id email status } svcLeadEvents { id seq hash } }', {}, cookie)
      expectUnknownToGraphql(res.body)
      expect(JSON.stringify(res.body)).not.toContain('private@example.test')
    }
  })

  test('no one edits the ledger there, not even an administrator: every mutation is unknown and nothing changes', async () => {
    const eventId = (await plane.server.db.svcLeadEvent.findFirstOrThrow({ where: { leadId } })).id
    const ledger = async () => JSON.stringify([
      await plane.server.db.svcLead.findMany({ orderBy: { id: 'asc' } }),
      await plane.server.db.svcLeadEvent.findMany({ orderBy: { id: 'asc' } }),
    ])
    const before = await ledger()
    for (const [, cookie] of cookies) {
      for (const [mutation, variables] of [
        ['mutation ($id: ID!) { updateSvcLead(where: { id: $id }, data: { status: "Customer" }) { id } }', { id: String(leadId) }],
        ['mutation ($id: ID!) { deleteSvcLead(where: { id: $id }) { id } }', { id: String(leadId) }],
        ['mutation ($id: ID!) { updateSvcLeadEvent(where: { id: $id }, data: { type: "note" }) { id } }', { id: String(eventId) }],
        ['mutation ($id: ID!) { deleteSvcLeadEvent(where: { id: $id }) { id } }', { id: String(eventId) }],
        ['mutation { createSvcLeadEvent(data: { seq: 2, type: "note", at: "2026-01-01T00:00:00.000Z", prevHash: "x", hash: "y" }) { id } }', {}],
      ] as const) {
        expectUnknownToGraphql((await graphql(plane.server.app, mutation, variables, cookie)).body)
      }
    }
    expect(await ledger()).toBe(before)
    expect((await plane.caller('leads')('verify', { id: leadId })).body.data.chain).toEqual({ ok: true, count: 1, broken_at: null })
  })
})
