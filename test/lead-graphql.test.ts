import { beforeAll, describe, expect, test } from '@jest/globals'
import { useTestServer } from './support/in-process-server.ts'
import { graphql, sessionCookie } from './support/session-client.ts'

const plane = useTestServer({ outbox: false })
let adminCookie: string
let subscriberCookie: string
let leadId: number

beforeAll(async () => {
  const subscriber = await plane.account('subscriber')
  const captured = await plane.caller('leads')('capture', { source: 'form', email: 'private@example.test' })
  leadId = captured.body.data.id
  adminCookie = await sessionCookie(plane.server.app, plane.admin.email, plane.admin.password)
  subscriberCookie = await sessionCookie(plane.server.app, subscriber.email, subscriber.password)
})

const READ = '{ svcLeads { id email status } svcLeadEvents { id seq hash } }'

function expectAccessDenied (body: { errors?: { extensions?: { code?: string } }[] }) {
  expect(body.errors?.length).toBeGreaterThan(0)
  expect(body.errors!.map(error => error.extensions?.code)).toEqual(body.errors!.map(() => 'KS_ACCESS_DENIED'))
}

describe('leads through the GraphQL API', () => {
  test.each([['anonymous', () => undefined], ['subscriber', () => subscriberCookie]])('%s reads no lead or event', async (_who, cookie) => {
    const res = await graphql(plane.server.app, READ, {}, cookie())
    expect(res.body.data).toEqual({ svcLeads: [], svcLeadEvents: [] })
    expect(JSON.stringify(res.body)).not.toContain('private@example.test')
  })

  test('an administrator reads them', async () => {
    const res = await graphql(plane.server.app, READ, {}, adminCookie)
    expect(res.body.data.svcLeads).toEqual([{ id: String(leadId), email: 'private@example.test', status: 'New' }])
    expect(res.body.data.svcLeadEvents).toHaveLength(1)
  })

  test('not even an administrator can edit the ledger: every mutation is refused and nothing changes', async () => {
    const eventId = (await plane.server.db.svcLeadEvent.findFirstOrThrow({ where: { leadId } })).id
    const before = JSON.stringify(await plane.server.db.svcLeadEvent.findMany({ orderBy: { id: 'asc' } }))
    const leadsBefore = JSON.stringify(await plane.server.db.svcLead.findMany({ orderBy: { id: 'asc' } }))
    for (const [mutation, variables] of [
      ['mutation ($id: ID!) { updateSvcLead(where: { id: $id }, data: { status: "Customer" }) { id } }', { id: String(leadId) }],
      ['mutation ($id: ID!) { deleteSvcLead(where: { id: $id }) { id } }', { id: String(leadId) }],
      ['mutation ($id: ID!) { updateSvcLeadEvent(where: { id: $id }, data: { type: "note" }) { id } }', { id: String(eventId) }],
      ['mutation ($id: ID!) { deleteSvcLeadEvent(where: { id: $id }) { id } }', { id: String(eventId) }],
      ['mutation { createSvcLeadEvent(data: { seq: 2, type: "note", at: "2026-01-01T00:00:00.000Z", prevHash: "x", hash: "y" }) { id } }', {}],
    ] as const) {
      expectAccessDenied((await graphql(plane.server.app, mutation, variables, adminCookie)).body)
    }
    expect(JSON.stringify(await plane.server.db.svcLeadEvent.findMany({ orderBy: { id: 'asc' } }))).toBe(before)
    expect(JSON.stringify(await plane.server.db.svcLead.findMany({ orderBy: { id: 'asc' } }))).toBe(leadsBefore)
  })
})
