/**
 * Writes the next migration for every provider: the WebAssembly schema engine diffs the
 * datamodel the last migration reached against the one Keystone prints now.
 *
 *   npm run migrations:generate -- add_users
 */
import { existsSync } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { diffDatamodels } from '../packages/control-plane/src/db/schema-engine.ts'
import { datamodelSnapshotPath, migrationsDir, readMigrations } from '../packages/control-plane/src/db/migrations.ts'
import { diffAdapterFactory, PROVIDERS } from '../packages/control-plane/src/db/datamodel.ts'
import { keystoneDatamodel } from './lib/datamodel.ts'

const name = (process.argv[2] ?? '').trim()
if (!/^[a-z0-9_]+$/.test(name)) {
  console.error('usage: npm run migrations:generate -- <name in snake_case>')
  process.exit(1)
}

for (const provider of PROVIDERS) {
  const snapshotPath = datamodelSnapshotPath(provider)
  const previous = existsSync(snapshotPath) ? await readFile(snapshotPath, 'utf8') : null
  const next = await keystoneDatamodel(provider)
  const sql = await diffDatamodels(await diffAdapterFactory(provider), previous, next)
  if (!sql.trim() || /^-- This is an empty migration\.?\s*$/.test(sql.trim())) {
    console.log(`${provider}: no schema changes`)
    continue
  }
  await mkdir(migrationsDir(provider), { recursive: true })
  const number = String((await readMigrations(provider).catch(() => [])).length + 1).padStart(4, '0')
  const file = path.join(migrationsDir(provider), `${number}_${name}.sql`)
  await writeFile(file, sql)
  await writeFile(snapshotPath, next)
  console.log(`${provider}: wrote ${path.relative(process.cwd(), file)}`)
}
