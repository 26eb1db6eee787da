/**
 * Writes the next migration for every provider: the WebAssembly schema engine diffs the
 * datamodel the last migration reached against the one Keystone prints now. The package's
 * `svc-control-plane migrations generate`, with this host's config made from its sources.
 *
 *   npm run migrations:generate -- add_users
 */
import { main } from '../packages/control-plane/src/doors/cli/main.ts'
import { ensurePackageBuilt } from './lib/build.ts'

// The host's config imports the package by name (its compiled output): built before it is imported.
await ensurePackageBuilt()
const { keystoneDatamodel } = await import('./lib/datamodel.ts')

process.exitCode = await main(['migrations', 'generate', ...process.argv.slice(2, 3)], {
  generateProgram: 'npm run migrations:generate --',
  datamodel: keystoneDatamodel,
})
process.exit()
