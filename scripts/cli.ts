/**
 * npm run cli -- create-admin --email E --password P [--name N] [--promote]
 * npm run cli -- mint-key --email E --label L [--expires-in-days D]
 *
 * The package's command line (`svc-control-plane`, packages/control-plane/src/doors/cli/) run on this
 * host, built first when its sources changed.
 */
import { main } from '../packages/control-plane/src/doors/cli/main.ts'
import { ensureBuilt } from './lib/build.ts'

process.exitCode = await main(process.argv.slice(2), {
  program: 'npm run cli --',
  generateProgram: 'npm run migrations:generate --',
  beforeOpen: () => ensureBuilt({ ui: false }),
})
process.exit()
