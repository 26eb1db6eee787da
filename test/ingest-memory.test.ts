import { afterAll, beforeAll, expect, jest, test } from '@jest/globals'
import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { createTestDatabase, openPrisma, type TestDatabase } from './support/database.ts'
import { startHostProcess, type HostProcess } from './support/host-process.ts'
import { createAccount } from './support/accounts.ts'
import { BASE } from './support/client.ts'
import { resolveDatabase } from '../packages/control-plane/src/platform/db/database-url.ts'
import { migrate } from '../packages/control-plane/src/platform/db/migrate.ts'
import type { Db } from '../packages/control-plane/src/platform/db/client.ts'

jest.setTimeout(120_000)

/** Growth of the server's peak resident memory these deliveries may cause; unbounded fingerprinting needs about 1 GB for one. */
const MAX_GROWTH_BYTES = 128 * 1024 * 1024

let database: TestDatabase
let db: Db
let server: HostProcess

/** The server process's peak resident set size so far (Linux `VmHWM`), in bytes. */
async function peakRss (pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8')
  return Number(/^VmHWM:\s+(\d+) kB$/m.exec(status)![1]) * 1024
}

/** About 1 MB: `depth` levels, each a key of `keyLength` characters. */
function deepBody (depth: number, keyLength: number): string {
  const keys = Array.from({ length: depth }, (_, level) => `${'k'.repeat(keyLength - 5)}${String(level).padStart(5, '0')}`)
  return keys.map(key => `{"${key}":`).join('') + '"leaf"' + '}'.repeat(depth)
}

/** About 1 MB: `count` keys of `keyLength` characters side by side. */
function wideBody (count: number, keyLength: number): string {
  return `{${Array.from({ length: count }, (_, i) => `"${'w'.repeat(keyLength - 5)}${String(i).padStart(5, '0')}":${i}`).join(',')}}`
}

beforeAll(async () => {
  database = await createTestDatabase()
  await migrate(resolveDatabase(database.url))
  db = openPrisma(database.url)
  server = await startHostProcess({
    DATABASE_URL: database.url,
    SVC_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    SESSION_SECRET: randomBytes(32).toString('hex'),
    SVC_INGEST_RATE_LIMIT_PER_MINUTE: '1000',
  })
}, 120_000)

afterAll(async () => {
  await server?.stop()
  await db?.$disconnect()
  await database?.drop()
})

test('the server\'s memory stays bounded under 1 MB deliveries 1,000 levels deep with 1,000-character keys, and as wide', async () => {
  const { key } = await createAccount(db)
  const created = await fetch(`${server.url}${BASE}/manage/dispatch`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ resource: 'content_sources', action: 'create', params: { name: 'Open door', auth_mode: 'none' } }),
  })
  const answer = await created.json() as { data: { slug: string } }
  expect([created.status, answer]).toEqual([200, expect.objectContaining({ ok: true })])
  const { slug } = answer.data
  const ingest = (body: string) => fetch(`${server.url}${BASE}/ingest/${slug}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body })

  expect((await ingest('{"title":"warm-up","body":"<p>x</p>"}')).status).toBe(202)
  const before = await peakRss(server.pid)
  const hostile = [deepBody(1000, 1000), deepBody(99, 10_000), wideBody(1000, 1000), wideBody(50_000, 10)]
  for (const body of hostile) expect(body.length).toBeGreaterThan(900_000)
  for (let round = 0; round < 2; round++) {
    for (const body of hostile) {
      const res = await ingest(body)
      expect([res.status, (await res.json() as { code: string }).code]).toEqual([400, 'invalid_params'])
    }
  }
  const growth = await peakRss(server.pid) - before
  expect(growth).toBeLessThan(MAX_GROWTH_BYTES)
  expect((await ingest('{"title":"still here","body":"<p>y</p>"}')).status).toBe(202)
  expect(await db.svcContentDelivery.count()).toBe(2)
})
