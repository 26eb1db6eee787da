import type { HostDb } from './in-process-server.ts'
import { randomBytes, randomUUID } from 'node:crypto'
import { rm } from 'node:fs/promises'
import path from 'node:path'
import pg from 'pg'
import { PrismaClient } from '../../generated/prisma/client.ts'
import { resolveDatabase, sqliteFilePath } from '../../packages/control-plane/src/platform/db/database-url.ts'
import { createAdapterFactory } from '../../packages/control-plane/src/platform/db/adapter.ts'

export type TestDatabase = { url: string, drop (): Promise<void> }

/** The suite runs on the provider of DATABASE_URL: SQLite files by default, PostgreSQL in CI's second run. */
export const testProvider = resolveDatabase().provider

function withDatabase (url: string, database: string): string {
  const parsed = new URL(url)
  parsed.pathname = `/${database}`
  return parsed.toString()
}

async function onServer<T> (run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: withDatabase(process.env.DATABASE_URL!, 'postgres') })
  await client.connect()
  try {
    return await run(client)
  } finally {
    await client.end()
  }
}

/** A fresh, empty database of the suite's provider. */
export async function createTestDatabase (): Promise<TestDatabase> {
  if (testProvider === 'sqlite') {
    const url = `file:./var/test/${randomUUID()}.db`
    const file = path.resolve(sqliteFilePath(url))
    return { url, drop: async () => { await Promise.all([file, `${file}-wal`, `${file}-shm`, `${file}-svc-signals`].map(f => rm(f, { force: true, recursive: true }))) } }
  }
  const name = `svc_test_${randomBytes(6).toString('hex')}`
  await onServer(client => client.query(`CREATE DATABASE ${name}`))
  return {
    url: withDatabase(process.env.DATABASE_URL!, name),
    drop: () => onServer(async client => { await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) }),
  }
}

export function openPrisma (url: string): HostDb {
  return new PrismaClient({ adapter: createAdapterFactory(resolveDatabase(url)) as never }) as HostDb
}
