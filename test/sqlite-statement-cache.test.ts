import { afterAll, beforeAll, describe, expect, jest, test } from '@jest/globals'
import Database from 'better-sqlite3'
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3'
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils'
import { PrismaClient } from '../generated/prisma/client.ts'
import { createTestDatabase, testProvider, type TestDatabase } from './support/database.ts'
import { migrate } from '../packages/control-plane/src/platform/db/migrate.ts'
import { isUniqueViolation } from '../packages/control-plane/src/platform/db/client.ts'
import { cacheSqliteStatements } from '../packages/control-plane/src/platform/db/sqlite-statement-cache.ts'

// The cache wraps the SQLite adapter only; the PostgreSQL pass has nothing of it to run.
const describeSqlite = testProvider === 'sqlite' ? describe : describe.skip

let database: TestDatabase
const clients: PrismaClient[] = []

function clientWithCache (capacity?: number): PrismaClient {
  const factory = new PrismaBetterSqlite3({ url: database.url }) as unknown as SqlMigrationAwareDriverAdapterFactory
  const client = new PrismaClient({ adapter: cacheSqliteStatements(factory, capacity) as never })
  clients.push(client)
  return client
}

beforeAll(async () => {
  if (testProvider !== 'sqlite') return
  database = await createTestDatabase()
  await migrate({ provider: 'sqlite', url: database.url })
})
afterAll(async () => {
  await Promise.all(clients.map(client => client.$disconnect()))
  await database?.drop()
})

describeSqlite('SQLite statement cache', () => {
  test('a query run again with other arguments is prepared once and answers for its own arguments', async () => {
    const db = clientWithCache()
    await db.svcCounter.createMany({ data: [{ key: 'cache.a', value: 1 }, { key: 'cache.b', value: 2 }] })
    const prepare = jest.spyOn(Database.prototype, 'prepare')
    try {
      const read = (key: string) => db.svcCounter.findUnique({ where: { key }, select: { value: true } })
      expect(await read('cache.a')).toEqual({ value: 1 })
      const preparedOnce = prepare.mock.calls.length
      expect(await read('cache.b')).toEqual({ value: 2 })
      expect(await read('cache.a')).toEqual({ value: 1 })
      expect(await read('cache.none')).toBeNull()
      expect(prepare.mock.calls.length).toBe(preparedOnce)
    } finally {
      prepare.mockRestore()
    }
  })

  test('beyond its capacity the least recently used statement is prepared again', async () => {
    const db = clientWithCache(2)
    const prepare = jest.spyOn(Database.prototype, 'prepare')
    try {
      const countSql = () => prepare.mock.calls.filter(([sql]) => sql.includes('svc_counters')).length
      await db.svcCounter.findUnique({ where: { key: 'cache.a' } })
      await db.svcCounter.findMany({ where: { value: { gt: 0 } } })
      await db.svcCounter.findUnique({ where: { key: 'cache.a' } })
      expect(countSql()).toBe(2)
      await db.svcCounter.count()
      await db.svcCounter.findMany({ where: { value: { gt: 0 } } })
      expect(countSql()).toBe(4)
    } finally {
      prepare.mockRestore()
    }
  })

  test('writes, transactions, rollbacks and constraint errors behave as without the cache', async () => {
    const db = clientWithCache()
    await db.$transaction(async tx => {
      await tx.svcCounter.create({ data: { key: 'cache.tx', value: 1 } })
      await tx.svcCounter.update({ where: { key: 'cache.tx' }, data: { value: { increment: 1 } } })
    })
    expect(await db.svcCounter.findUnique({ where: { key: 'cache.tx' }, select: { value: true } })).toEqual({ value: 2 })
    await expect(db.$transaction(async tx => {
      await tx.svcCounter.update({ where: { key: 'cache.tx' }, data: { value: 99 } })
      throw new Error('roll back')
    })).rejects.toThrow('roll back')
    expect(await db.svcCounter.findUnique({ where: { key: 'cache.tx' }, select: { value: true } })).toEqual({ value: 2 })
    const duplicate = await db.svcCounter.create({ data: { key: 'cache.tx', value: 3 } }).catch((error: unknown) => error)
    expect(isUniqueViolation(duplicate)).toBe(true)
    const rows = await db.$queryRaw<Array<{ key: string, value: bigint | number }>>`SELECT "key", "value" FROM "svc_counters" WHERE "key" = ${'cache.tx'}`
    expect(rows.map(row => [row.key, Number(row.value)])).toEqual([['cache.tx', 2]])
  })
})
