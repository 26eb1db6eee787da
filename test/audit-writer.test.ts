import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import { startTestServer, type TestServer } from './support/server.ts'
import { createAccount, type TestAccount } from './support/accounts.ts'
import { dispatcher } from './support/client.ts'
import { resolveDatabase } from '../src/db/database-url.ts'
import { AuditWriter } from '../src/resources/audit/writer.ts'
import type { AuditRecord } from '../src/resources/audit/record.ts'
import type { Identity } from '../src/auth/identity.ts'

let server: TestServer
let account: TestAccount
let identity: Identity

beforeAll(async () => {
  server = await startTestServer()
  account = await createAccount(server.db)
  identity = { account: { id: account.id, email: account.email, name: 'writer', role: 'administrator' }, mode: 'api_key', keyId: account.keyId }
})
afterAll(async () => server.close())

const writer = ({ viaAdapter = true } = {}) => new AuditWriter({
  db: server.db,
  provider: resolveDatabase(server.databaseUrl).provider,
  adapter: viaAdapter ? server.runtime.options.hostAdapter : null,
})

const entry = (operation: string, overrides: Partial<AuditRecord> = {}): AuditRecord => ({
  operation, channel: 'dispatch', identity, ok: true, changed: false, code: null, durationMs: 1.4, params: {}, ...overrides,
})

const rowsOf = (prefix: string) => server.db.svcAuditEntry.findMany({ where: { operation: { startsWith: prefix } }, orderBy: { id: 'asc' } })

describe('audit writer', () => {
  test.each([
    ['on the host\'s driver adapter', true],
    ['through the Prisma client', false],
  ])('a burst recorded in one turn is written whole, every field as the entry said, %s', async (_way, viaAdapter) => {
    expect(server.runtime.options.hostAdapter?.current).toBeDefined()
    const audit = writer({ viaAdapter })
    const prefix = `burst${viaAdapter ? 'a' : 'p'}.`
    const before = new Date()
    await Promise.all(Array.from({ length: 120 }, (_, index) => audit.record(entry(`${prefix}${index}`, {
      channel: index % 2 ? 'mcp' : 'dispatch',
      tool: index % 2 ? `burst_${index}` : undefined,
      ok: index % 3 !== 0,
      changed: index % 5 === 0,
      code: index % 3 === 0 ? 'not_found' : null,
      params: { index, nested: { list: [index, 'x'] }, api_key: 'never-stored' },
    }))))
    const rows = await rowsOf(prefix)
    expect(rows).toHaveLength(120)
    const seventh = rows.find(row => row.operation === `${prefix}7`)!
    expect(seventh).toMatchObject({
      channel: 'mcp', tool: 'burst_7', actorId: account.id, actorEmail: account.email, mode: 'api_key', keyId: account.keyId,
      ok: true, changed: false, code: null, durationMs: 1, params: { index: 7, nested: { list: [7, 'x'] }, api_key: '[redacted]' },
    })
    expect(rows.find(row => row.operation === `${prefix}0`)).toMatchObject({ channel: 'dispatch', tool: null, ok: false, changed: true, code: 'not_found' })
    expect(seventh.at!.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000)
    expect(seventh.at!.getTime()).toBeLessThanOrEqual(Date.now() + 1000)
  })

  test('a row the database refuses fails its own caller only; the rest of its batch is written', async () => {
    const audit = writer()
    const broken = { ...identity, account: { ...identity.account, id: null as unknown as string } }
    const outcomes = await Promise.allSettled([
      audit.record(entry('refusal.before')),
      audit.record(entry('refusal.broken', { identity: broken })),
      audit.record(entry('refusal.after')),
    ])
    expect(outcomes.map(outcome => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled'])
    expect((await rowsOf('refusal.')).map(row => row.operation)).toEqual(['refusal.before', 'refusal.after'])
  })

  test('drain, on shutdown, waits for entries recorded but not yet written', async () => {
    const audit = writer()
    const pending = Array.from({ length: 10 }, (_, index) => audit.record(entry(`drain.${index}`)))
    await audit.drain()
    expect(await rowsOf('drain.')).toHaveLength(10)
    await Promise.all(pending)
  })

  test('every concurrent dispatch has its audit row by the time its response arrives', async () => {
    const dispatch = dispatcher(server.app, account.key)
    const responses = await Promise.all(Array.from({ length: 25 }, () => dispatch({ resource: 'crm', action: 'list', params: {} })))
    expect(responses.every(res => res.status === 200)).toBe(true)
    expect(await server.db.svcAuditEntry.count({ where: { operation: 'crm.list', keyId: account.keyId } })).toBe(25)
  })
})
