import { createHash, randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils'
import type { KeystoneConfig } from '@keystone-6/core/types'
import type * as PrismaModule from '../../generated/prisma/client.ts'
import { keystoneDatamodel } from '../../packages/control-plane/src/doors/cli/generate.ts'
import { diffDatamodels } from '../../packages/control-plane/src/platform/db/schema-engine.ts'
import { sqliteFilePath, type DatabaseTarget } from '../../packages/control-plane/src/platform/db/database-url.ts'
import { runNode } from '../../scripts/lib/build.ts'

/** Where each distinct datamodel's Prisma client is kept: generated once, then reused by every run. */
const CLIENTS = 'var/id-kinds'
const PRISMA_CLI = 'node_modules/prisma/build/index.js'

/**
 * The Prisma client of a host config on one provider, as `keystone build` would generate it:
 * Keystone prints the datamodel, `prisma generate` runs once per distinct datamodel (its hash
 * names the folder, written aside and renamed into place so a concurrent run never sees half of it).
 */
export async function prismaClientOf (config: KeystoneConfig, target: DatabaseTarget): Promise<{ datamodel: string, module: typeof PrismaModule }> {
  const datamodel = await keystoneDatamodel(config, target.provider)
  const dir = path.resolve(CLIENTS, createHash('sha256').update(datamodel).digest('hex').slice(0, 16))
  const client = path.join(dir, 'generated/prisma/client.ts')
  if (!existsSync(client)) {
    const scratch = `${dir}.${randomUUID()}`
    await mkdir(scratch, { recursive: true })
    await writeFile(path.join(scratch, 'schema.prisma'), datamodel)
    await runNode([PRISMA_CLI, 'generate', '--schema', path.join(scratch, 'schema.prisma')], {
      ...process.env,
      PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? process.execPath,
    })
    await rename(scratch, dir).catch(async (error: NodeJS.ErrnoException) => {
      // Another run generated the same datamodel first: its copy is as good as this one.
      if (!existsSync(client)) throw error
      await rm(scratch, { recursive: true, force: true })
    })
  }
  return { datamodel, module: await import(pathToFileURL(client).href) as typeof PrismaModule }
}

async function schemaEngineAdapter (target: DatabaseTarget): Promise<SqlMigrationAwareDriverAdapterFactory> {
  if (target.provider === 'sqlite') {
    const { PrismaBetterSqlite3 } = await import('@prisma/adapter-better-sqlite3')
    return new PrismaBetterSqlite3({ url: 'file::memory:' })
  }
  const { PrismaPg } = await import('@prisma/adapter-pg')
  return new PrismaPg({ connectionString: target.url })
}

/**
 * Creates the datamodel's tables in an empty database, as `prisma db push` would: the schema
 * engine's script from nothing to the datamodel. (The package's migrations are written for the
 * demo host's ids; a host of another id kind makes its own.)
 */
export async function pushDatamodel (target: DatabaseTarget, datamodel: string): Promise<void> {
  const adapter = await schemaEngineAdapter(target)
  const sql = await diffDatamodels(adapter, null, datamodel)
  if (target.provider === 'sqlite') {
    const { default: Database } = await import('better-sqlite3')
    const file = path.resolve(sqliteFilePath(target.url))
    await mkdir(path.dirname(file), { recursive: true })
    const db = new Database(file)
    try {
      db.pragma('journal_mode = WAL')
      db.exec(sql)
    } finally {
      db.close()
    }
    return
  }
  const { default: pg } = await import('pg')
  const client = new pg.Client({ connectionString: target.url })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}
