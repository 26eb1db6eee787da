import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import { PrismaClient } from '../generated/prisma/client.ts'
import { startTestServer, type InProcessServer, useTestServer } from './support/in-process-server.ts'
import { createAccount, type TestAccount } from './support/accounts.ts'
import { dispatcher } from './support/client.ts'
import { createTestDatabase, openPrisma, type TestDatabase } from './support/database.ts'
import { migrate } from '../packages/control-plane/src/platform/db/migrate.ts'
import { resolveDatabase } from '../packages/control-plane/src/platform/db/database-url.ts'
import { createAdapterFactory } from '../packages/control-plane/src/platform/db/adapter.ts'
import { ListWrites } from '../packages/control-plane/src/platform/db/write-observer.ts'
import { cachedKeyLookup, KEY_CACHE_TTL_MS, keyTables } from '../packages/control-plane/src/platform/auth/key-cache.ts'
import { accountLoader, type AccountLoader } from '../packages/control-plane/src/platform/host-contract/load-account.ts'
import { resolveAccounts } from '../packages/control-plane/src/platform/host-contract/accounts.ts'
import type { Db } from '../packages/control-plane/src/platform/db/client.ts'

const CRM_LIST = { resource: 'crm', action: 'list', params: {} }

function expectFailure (res: { status: number, body: { code?: string } }, status: number, code: string): void {
  expect({ status: res.status, code: res.body.code }).toEqual({ status, code })
}

describe('key lookup cache, one process against another on the same database', () => {
  let database: TestDatabase
  let writes: ListWrites
  let local: Db
  let other: Db
  let account: TestAccount
  let loadAccount: AccountLoader
  let time = 0
  const clock = () => time

  beforeAll(async () => {
    database = await createTestDatabase()
    await migrate(resolveDatabase(database.url))
    writes = new ListWrites(keyTables('User'))
    local = new PrismaClient({ adapter: writes.observe(createAdapterFactory(resolveDatabase(database.url))) as never }) as unknown as Db
    other = openPrisma(database.url)
    account = await createAccount(local)
    loadAccount = accountLoader(local, resolveAccounts())
  })
  afterAll(async () => {
    await Promise.all([local.$disconnect(), other.$disconnect()])
    await database.drop()
  })

  test('another process\'s revocation is seen once the entry is a TTL old, not before', async () => {
    const findKey = cachedKeyLookup(local, loadAccount, writes, KEY_CACHE_TTL_MS, clock)
    expect((await findKey(account.keyId))?.revokedAt).toBeNull()
    await other.svcApiKey.update({ where: { publicId: account.keyId }, data: { revokedAt: new Date() } })
    time += KEY_CACHE_TTL_MS - 1
    expect((await findKey(account.keyId))?.revokedAt).toBeNull()
    time += 1
    expect((await findKey(account.keyId))?.revokedAt).toBeInstanceOf(Date)
    await other.svcApiKey.update({ where: { publicId: account.keyId }, data: { revokedAt: null } })
  })

  test('this process\'s own writes to keys or accounts are seen at once', async () => {
    const findKey = cachedKeyLookup(local, loadAccount, writes, KEY_CACHE_TTL_MS, clock)
    expect((await findKey(account.keyId))?.owner?.role).toBe('administrator')
    await local.user.update({ where: { id: account.id }, data: { role: 'editor' } })
    expect((await findKey(account.keyId))?.owner?.role).toBe('editor')
    await local.$transaction(tx => tx.svcApiKey.updateMany({ where: { publicId: account.keyId }, data: { revokedAt: new Date() } }))
    expect((await findKey(account.keyId))?.revokedAt).toBeInstanceOf(Date)
    await local.svcApiKey.update({ where: { publicId: account.keyId }, data: { revokedAt: null } })
    await local.user.update({ where: { id: account.id }, data: { role: 'administrator' } })
    expect(await findKey(account.keyId)).toMatchObject({ revokedAt: null, owner: { role: 'administrator' } })
  })

  test('a write inside a transaction counts when it runs and again once committed; a transaction without one counts nothing', async () => {
    const before = writes.version
    let whileOpen = -1
    await local.$transaction(async tx => {
      await tx.svcApiKey.updateMany({ where: { publicId: account.keyId }, data: { label: 'written in a transaction' } })
      whileOpen = writes.version
    })
    expect([whileOpen, writes.version]).toEqual([before + 1, before + 2])
    await local.$transaction(async tx => { await tx.svcCounter.create({ data: { key: 'key-cache.in-transaction', value: 1 } }) })
    expect(writes.version).toBe(before + 2)
  })

  test('a write to another table keeps the entry; an unknown key is never remembered', async () => {
    const findKey = cachedKeyLookup(local, loadAccount, writes, KEY_CACHE_TTL_MS, clock)
    await findKey(account.keyId)
    const version = writes.version
    await local.svcCounter.create({ data: { key: 'key-cache.unrelated', value: 1 } })
    expect(writes.version).toBe(version)
    await other.user.update({ where: { id: account.id }, data: { role: 'editor' } })
    expect((await findKey(account.keyId))?.owner?.role).toBe('administrator')
    await other.user.update({ where: { id: account.id }, data: { role: 'administrator' } })

    expect(await findKey('unknownkey00')).toBeNull()
    const created = await createAccount(other)
    expect(await findKey(created.keyId)).not.toBeNull()
  })
})

describe('two instances on one database', () => {
  const plane = useTestServer()
  let second: InProcessServer
  const first = () => plane.server

  beforeAll(async () => { second = await startTestServer({ sharedWith: plane.server }) })
  afterAll(async () => second?.close())

  /** Two calls: the first may write the key's last use, which empties that instance's cache; the second leaves an entry in it. */
  async function warm (server: InProcessServer, key: string): Promise<void> {
    for (let call = 0; call < 2; call++) expect((await dispatcher(server.app, key)(CRM_LIST)).status).toBe(200)
  }

  /**
   * Calls until the answer is `status` (failing after two TTLs) and returns when, after `since`,
   * the last call that still got another answer started: -1 when the first call already got it.
   */
  async function lastOtherAnswerAfter (call: () => Promise<{ status: number }>, status: number, since: number): Promise<number> {
    let lastOther = -1
    for (;;) {
      const started = performance.now() - since
      if ((await call()).status === status) return lastOther
      lastOther = started
      if (started > 2 * KEY_CACHE_TTL_MS) throw new Error(`still not ${status} after ${2 * KEY_CACHE_TTL_MS} ms`)
      await new Promise(resolve => setTimeout(resolve, 20))
    }
  }

  test('a key revoked on one instance is refused there at once and on the other within a second', async () => {
    const owner = await plane.account('administrator')
    const minted = await owner.dispatch({ resource: 'api_keys', action: 'mint', params: { label: 'doomed' } })
    const doomed: string = minted.body.data.key
    await warm(first(), doomed)
    await warm(second, doomed)
    const revoked = await owner.dispatch({ resource: 'api_keys', action: 'revoke', params: { id: minted.body.data.id }, confirm: true })
    const at = performance.now()
    expect(revoked.body).toMatchObject({ ok: true, changed: true })
    expectFailure(await dispatcher(first().app, doomed)(CRM_LIST), 401, 'unauthenticated')
    expect(await lastOtherAnswerAfter(() => dispatcher(second.app, doomed)(CRM_LIST), 401, at)).toBeLessThan(KEY_CACHE_TTL_MS)
  })

  test('a demotion made on one instance applies there at once and on the other within a second', async () => {
    const account = await plane.account('administrator')
    await warm(first(), account.key)
    await warm(second, account.key)
    await second.db.user.update({ where: { id: account.id }, data: { role: 'editor' } })
    const at = performance.now()
    expectFailure(await dispatcher(second.app, account.key)(CRM_LIST), 403, 'forbidden')
    expect(await lastOtherAnswerAfter(() => dispatcher(first().app, account.key)(CRM_LIST), 403, at)).toBeLessThan(KEY_CACHE_TTL_MS)
  })
})
