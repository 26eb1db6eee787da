import { resolveDatabase } from '../src/db/database-url.ts'
import { migrate } from '../src/db/migrate.ts'

const target = resolveDatabase()
const report = await migrate(target)
console.log(report.applied.length > 0
  ? `applied ${report.applied.join(', ')} on ${target.provider}`
  : `${target.provider} database is up to date (${report.alreadyApplied} migrations)`)
