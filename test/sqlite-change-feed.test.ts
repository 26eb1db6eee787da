import { afterAll, afterEach, beforeAll, describe, expect, test } from '@jest/globals'
import { existsSync, readdirSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createTestDatabase, openPrisma, testProvider, type TestDatabase } from './support/database.ts'
import { readUntil } from './support/eventually.ts'
import { sqliteFilePath } from '../packages/control-plane/src/platform/db/database-url.ts'
import type { Db } from '../packages/control-plane/src/platform/db/client.ts'
import type { ChangeFeed } from '../packages/control-plane/src/platform/change-feed/change-feed.ts'
import { SqliteChangeFeed } from '../packages/control-plane/src/platform/change-feed/sqlite-change-feed.ts'
import { createChangeFeed } from '../packages/control-plane/src/kernel/change-feed.ts'

// Processes sharing a SQLite file hear each other through files beside it; PostgreSQL has LISTEN/NOTIFY (mcp-change-streams).
const describeOnSqlite = testProvider === 'sqlite' ? describe : describe.skip

const quiet = () => {}
let folder: string
const feeds: ChangeFeed[] = []

/** A feed of an instance of the database `file`, listening. */
async function feedOf (file: string | null): Promise<SqliteChangeFeed> {
  const feed = new SqliteChangeFeed({ databaseFile: async () => file, log: quiet })
  feeds.push(feed)
  await feed.listening()
  return feed
}

/** Two instances of the database `file`, listening, and what woke on each (`first jobs`, `second changes`…). */
async function twoInstancesOf (name: string): Promise<{ first: SqliteChangeFeed, second: SqliteChangeFeed, heard: string[] }> {
  const file = path.join(folder, name)
  const [first, second] = [await feedOf(file), await feedOf(file)]
  const heard: string[] = []
  listenersOn(first, heard, 'first')
  listenersOn(second, heard, 'second')
  return { first, second, heard }
}

/** What woke: each listener registered on `feed` records its name in `heard`. */
function listenersOn (feed: ChangeFeed, heard: string[], name: string): void {
  feed.onWork('jobs', () => heard.push(`${name} jobs`))
  feed.onWork('outbox', () => heard.push(`${name} outbox`))
  feed.subscribe(() => heard.push(`${name} changes`))
}

/** `heard` once it holds `expected` (or as it is after a few seconds, failing). */
async function heardBecomes (heard: string[], expected: string[]): Promise<void> {
  await readUntil(async () => [...heard], seen => JSON.stringify(seen) === JSON.stringify(expected))
  expect(heard).toEqual(expected)
}

const settle = () => new Promise(resolve => setTimeout(resolve, 150))

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'svc-feed-'))
})

afterEach(async () => {
  await Promise.all(feeds.splice(0).map(feed => feed.close()))
})

afterAll(async () => {
  await rm(folder, { recursive: true, force: true })
})

describeOnSqlite('the change feed of instances sharing a SQLite file', () => {
  test('work announced by one instance wakes the other\'s worker of that kind, and neither its own nor another kind\'s', async () => {
    const { first, second, heard } = await twoInstancesOf('work.db')
    first.announceWork('jobs')
    await heardBecomes(heard, ['second jobs'])
    second.announceWork('outbox')
    await heardBecomes(heard, ['second jobs', 'first outbox'])
    await settle()
    expect(heard).toEqual(['second jobs', 'first outbox'])
  })

  test('announcements made one after the other all arrive, none overwritten by the next', async () => {
    const { first, heard } = await twoInstancesOf('burst.db')
    first.announceWork('jobs')
    first.announceWork('outbox')
    first.announce()
    await readUntil(async () => heard.length, count => count >= 4)
    expect(heard.sort()).toEqual(['first changes', 'second changes', 'second jobs', 'second outbox'])
  })

  test('a burst of one kind (an enqueue per call) is written once, not once per announcement', async () => {
    const { first, heard } = await twoInstancesOf('one-kind.db')
    for (let i = 0; i < 20; i++) first.announceWork('outbox')
    await heardBecomes(heard, ['second outbox'])
    await settle()
    expect(heard).toEqual(['second outbox'])
  })

  test('a change of what callers may run reaches the announcing instance\'s listeners at once and the other\'s through the file', async () => {
    const { first, heard } = await twoInstancesOf('changes.db')
    first.announce()
    expect(heard).toEqual(['first changes'])
    await heardBecomes(heard, ['first changes', 'second changes'])
  })

  test('instances of different databases do not hear each other, and a database in memory keeps its changes within the process', async () => {
    const one = await feedOf(path.join(folder, 'one.db'))
    const other = await feedOf(path.join(folder, 'other.db'))
    const memory = await feedOf(null)
    const heard: string[] = []
    listenersOn(other, heard, 'other')
    listenersOn(memory, heard, 'memory')
    one.announceWork('jobs')
    memory.announceWork('jobs')
    memory.announce()
    await settle()
    expect(heard).toEqual(['memory changes'])
  })

  test('a closed feed takes its signal file away and announces nothing more', async () => {
    const file = path.join(folder, 'closing.db')
    const [first, second] = [await feedOf(file), await feedOf(file)]
    const heard: string[] = []
    listenersOn(second, heard, 'second')
    first.announceWork('jobs')
    await heardBecomes(heard, ['second jobs'])
    const signals = `${file}-svc-signals`
    expect(readdirSync(signals)).toHaveLength(1)
    await first.close()
    expect(readdirSync(signals)).toHaveLength(0)
    await settle()
    heard.length = 0
    first.announceWork('jobs')
    first.announce()
    await settle()
    expect(heard).toEqual([])
  })

  describe('on the site\'s database', () => {
    let database: TestDatabase
    let db: Db

    beforeAll(async () => {
      database = await createTestDatabase()
      db = openPrisma(database.url)
    })

    afterAll(async () => {
      await (db as unknown as { $disconnect: () => Promise<void> }).$disconnect()
      await database.drop()
    })

    test('the runtime\'s feed finds the database file SQLite has open and signals beside it', async () => {
      const [first, second] = [createChangeFeed({ db, provider: 'sqlite', adapter: null }, quiet), createChangeFeed({ db, provider: 'sqlite', adapter: null }, quiet)]
      feeds.push(first, second)
      await Promise.all([first, second].map(feed => (feed as SqliteChangeFeed).listening()))
      const heard: string[] = []
      listenersOn(second, heard, 'second')
      first.announceWork('outbox')
      await heardBecomes(heard, ['second outbox'])
      expect(existsSync(`${path.resolve(sqliteFilePath(database.url))}-svc-signals`)).toBe(true)
    })
  })
})
