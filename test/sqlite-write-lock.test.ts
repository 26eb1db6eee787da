import { afterAll, beforeAll, describe, expect, jest, test } from '@jest/globals'
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import Database from 'better-sqlite3'
import { createTestDatabase, openPrisma, testProvider, type TestDatabase } from './support/database.ts'
import { startHostProcess, type HostProcess } from './support/host-process.ts'
import { createAccount } from './support/accounts.ts'
import { BASE } from './support/client.ts'
import { resolveDatabase, sqliteFilePath } from '../packages/control-plane/src/platform/db/database-url.ts'
import { migrate } from '../packages/control-plane/src/platform/db/migrate.ts'
import type { Db } from '../packages/control-plane/src/platform/db/client.ts'

jest.setTimeout(180_000)

// SQLite has one write lock for the whole file, which instances wait for; PostgreSQL locks rows and has no such wait.
const describeOnSqlite = testProvider === 'sqlite' ? describe : describe.skip

let database: TestDatabase
let db: Db
let key: string
const instances: HostProcess[] = []

async function create (instance: HostProcess, name: string): Promise<{ status: number, retryAfter: string | null, body: { ok: boolean, code?: string } }> {
  const res = await fetch(`${instance.url}${BASE}/manage/dispatch`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ resource: 'content_sources', action: 'create', params: { name, auth_mode: 'none' } }),
  })
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.json() as { ok: boolean, code?: string } }
}

/** Holds the file's write lock for `ms` from a connection of its own, as another instance's long write would. */
async function holdingWriteLock<T> (ms: number, during: () => Promise<T>): Promise<T> {
  const holder = new Database(path.resolve(sqliteFilePath(database.url)))
  holder.prepare('BEGIN IMMEDIATE').run()
  const released = new Promise<void>(resolve => setTimeout(() => {
    holder.prepare('ROLLBACK').run()
    holder.close()
    resolve()
  }, ms))
  try {
    return await during()
  } finally {
    await released
  }
}

describeOnSqlite('two instances on one SQLite file', () => {
  beforeAll(async () => {
    database = await createTestDatabase()
    await migrate(resolveDatabase(database.url))
    db = openPrisma(database.url)
    key = (await createAccount(db)).key
    const env = { DATABASE_URL: database.url, SVC_ENCRYPTION_KEY: randomBytes(32).toString('hex'), SESSION_SECRET: randomBytes(32).toString('hex') }
    instances.push(await startHostProcess(env), await startHostProcess(env))
  }, 180_000)

  afterAll(async () => {
    await Promise.all(instances.map(instance => instance.stop()))
    await db?.$disconnect()
    await database?.drop()
  })

  test('concurrent writes through both instances all succeed or answer 503 unavailable with Retry-After, never 500, and each success is stored once', async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => create(instances[i % 2]!, `Both ${i}`)))
    for (const answer of answers) {
      if (answer.status === 200) continue
      expect(answer).toMatchObject({ status: 503, retryAfter: '1', body: { ok: false, code: 'unavailable' } })
    }
    const stored = await db.svcContentSource.count({ where: { name: { startsWith: 'Both ' } } })
    expect(stored).toBe(answers.filter(answer => answer.status === 200).length)
    expect(stored).toBeGreaterThan(0)
  })

  test('a write behind the other instance\'s lock waits for it, and past the busy timeout (twice: at BEGIN, then at its first write) answers 503 unavailable with nothing stored', async () => {
    const waited = await holdingWriteLock(1_000, () => create(instances[0]!, 'Waited'))
    expect(waited.status).toBe(200)

    const refused = await holdingWriteLock(13_000, () => create(instances[1]!, 'Refused'))
    expect(refused).toMatchObject({ status: 503, retryAfter: '1', body: { ok: false, code: 'unavailable' } })
    expect(await db.svcContentSource.count({ where: { name: 'Refused' } })).toBe(0)
    // The instance is fine afterwards: the same call goes through.
    expect((await create(instances[1]!, 'Refused')).status).toBe(200)
  })
})
