import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import { list } from '@keystone-6/core'
import { allowAll } from '@keystone-6/core/access'
import { text } from '@keystone-6/core/fields'
import { PrismaClient } from '../generated/prisma/client.ts'
import { useTestServer } from './support/in-process-server.ts'
import { createAccount, type TestAccount } from './support/accounts.ts'
import { dispatcher } from './support/client.ts'
import { createTestDatabase, type TestDatabase } from './support/database.ts'
import { withControlPlane } from '../packages/control-plane/src/index.ts'
import { migrate } from '../packages/control-plane/src/platform/db/migrate.ts'
import { resolveDatabase } from '../packages/control-plane/src/platform/db/database-url.ts'
import { createAdapterFactory } from '../packages/control-plane/src/platform/db/adapter.ts'
import { ListWrites } from '../packages/control-plane/src/platform/db/write-observer.ts'
import { writesToTables } from '../packages/control-plane/src/platform/db/write-statement.ts'
import { keyTables } from '../packages/control-plane/src/platform/auth/key-cache.ts'
import { findKeyWithOwner } from '../packages/control-plane/src/platform/auth/find-key.ts'
import { accountLoader } from '../packages/control-plane/src/platform/host-contract/load-account.ts'
import { resolveAccounts } from '../packages/control-plane/src/platform/host-contract/accounts.ts'
import type { Db } from '../packages/control-plane/src/platform/db/client.ts'

const CRM_LIST = { resource: 'crm', action: 'list', params: {} }

describe('the host\'s Prisma client is its own', () => {
  const hostConfig = (db: { extendPrismaClient?: (client: unknown) => unknown }) => ({
    db: { provider: 'sqlite' as const, prismaClientOptions: () => ({}), ...db },
    lists: { User: list({ access: allowAll, fields: { name: text(), email: text(), role: text() } }) },
  })

  test('withControlPlane hands Keystone the host\'s own extendPrismaClient, and none when the host has none: the package extends no client', () => {
    const hostExtension = (client: unknown) => client
    expect(withControlPlane(hostConfig({ extendPrismaClient: hostExtension })).db.extendPrismaClient).toBe(hostExtension)
    expect(withControlPlane(hostConfig({})).db).not.toHaveProperty('extendPrismaClient')
  })
})

describe('statements that write to the watched tables, as Prisma writes them on each provider', () => {
  const writes = writesToTables(['svc_api_keys', 'User'])

  test.each([
    'UPDATE "public"."User" SET "role" = $1 WHERE ("public"."User"."id" = $2 AND 1=1) RETURNING "public"."User"."id"',
    'UPDATE `main`.`User` SET `role` = ? WHERE (`main`.`User`.`id` = ? AND 1=1) RETURNING `id` AS `id`',
    'INSERT INTO "public"."svc_api_keys" ("id","publicId") VALUES ($1,$2) RETURNING "public"."svc_api_keys"."id"',
    'DELETE FROM `main`.`svc_api_keys` WHERE 1=1',
    'update users_and_more set x = 1; DELETE FROM user',
    '  -- demote\n  UPDATE "User" SET "role" = \'editor\'',
    'WITH "gone" AS (SELECT "id" FROM "User") DELETE FROM "svc_api_keys" WHERE "owner" IN (SELECT "id" FROM "gone")',
  ])('%s is a write', sql => expect(writes(sql)).toBe(true))

  test.each([
    'SELECT "public"."User"."id" FROM "public"."User" WHERE "public"."User"."id" = $1',
    'SELECT `main`.`svc_api_keys`.`id` FROM `main`.`svc_api_keys`',
    '\n  WITH RECURSIVE "chain" ("id", "lastUsedAt") AS (SELECT "id", "lastUsedAt" FROM "svc_api_keys") SELECT "id" FROM "chain"',
    'PRAGMA table_info("User")',
    'UPDATE "public"."svc_api_keys_archive" SET "label" = $1',
    'INSERT INTO `main`.`svc_counters` (`id`, `key`, `value`) VALUES (?,?,?)',
    'COMMIT',
  ])('%s writes to no watched table', sql => expect(writes(sql)).toBe(false))
})

describe('writes seen at the driver adapter, through every path', () => {
  let database: TestDatabase
  let writes: ListWrites
  let db: Db & PrismaClient
  let account: TestAccount

  beforeAll(async () => {
    database = await createTestDatabase()
    await migrate(resolveDatabase(database.url))
    writes = new ListWrites(keyTables('User'))
    db = new PrismaClient({ adapter: writes.observe(createAdapterFactory(resolveDatabase(database.url))) as never }) as Db & PrismaClient
    account = await createAccount(db)
  })
  afterAll(async () => {
    await db.$disconnect()
    await database.drop()
  })

  /** How far `write` moved the version. */
  async function moved (write: () => Promise<unknown>): Promise<number> {
    const before = writes.version
    await write()
    return writes.version - before
  }

  test('raw SQL writes to the accounts and key tables move the version, a failed one too', async () => {
    expect(await moved(() => db.$executeRawUnsafe(`UPDATE "User" SET "role" = 'editor' WHERE "id" = '${account.id}'`))).toBe(1)
    expect(await moved(() => db.$queryRawUnsafe(`UPDATE "svc_api_keys" SET "label" = 'raw' WHERE "publicId" = '${account.keyId}' RETURNING "id"`))).toBe(1)
    expect(await moved(() => db.$executeRawUnsafe(`INSERT INTO "User" ("id", "email") VALUES ('${account.id}', 'duplicate@example.test')`).catch(() => null))).toBe(1)
  })

  test('reads of the watched tables (the key lookup\'s recursive one included) and writes to other tables leave it', async () => {
    const loadAccount = accountLoader(db, resolveAccounts())
    expect(await moved(() => findKeyWithOwner(db, loadAccount, account.keyId))).toBe(0)
    expect(await moved(() => db.user.findMany({ where: { id: account.id } }))).toBe(0)
    expect(await moved(() => db.$queryRawUnsafe('SELECT "id" FROM "User"'))).toBe(0)
    expect(await moved(() => db.svcCounter.create({ data: { key: 'write-observer.unrelated', value: 1 } }))).toBe(0)
    expect(await moved(() => db.$executeRawUnsafe('UPDATE "svc_counters" SET "value" = 2 WHERE "key" = \'write-observer.unrelated\''))).toBe(0)
  })
})

describe('a running host', () => {
  const plane = useTestServer()

  test('an account demoted in raw SQL through context.prisma has its key refused on the very next call', async () => {
    const account = await plane.account('administrator')
    const call = dispatcher(plane.server.app, account.key)
    for (let warm = 0; warm < 2; warm++) expect((await call(CRM_LIST)).status).toBe(200)
    const credentialWrites = plane.server.runtime.options.credentialWrites!
    const before = credentialWrites.version
    await plane.server.db.$executeRawUnsafe(`UPDATE "User" SET "role" = 'editor' WHERE "id" = '${account.id}'`)
    expect(credentialWrites.version).toBeGreaterThan(before)
    expect((await call(CRM_LIST)).body).toMatchObject({ ok: false, code: 'forbidden' })
  })

  test('a write to a table nobody caches from leaves the version where it was', async () => {
    const credentialWrites = plane.server.runtime.options.credentialWrites!
    const before = credentialWrites.version
    await plane.server.db.svcCounter.create({ data: { key: 'write-observer.host', value: 1 } })
    await plane.server.db.$executeRawUnsafe('DELETE FROM "svc_counters" WHERE "key" = \'write-observer.host\'')
    expect(credentialWrites.version).toBe(before)
  })
})
