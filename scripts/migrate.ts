import { resolveDatabase } from '../packages/control-plane/src/db/database-url.ts'
import { migrateOrExit } from './lib/database.ts'

const report = await migrateOrExit()
console.log(report.applied.length > 0
  ? `applied ${report.applied.join(', ')}`
  : `${resolveDatabase().provider} database is up to date (${report.alreadyApplied} migrations)`)
