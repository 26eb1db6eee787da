import { afterAll, beforeAll, expect, test } from '@jest/globals'
import { startTestServer, type InProcessServer } from './support/in-process-server.ts'

/**
 * Each new query of the Prisma client's is compiled by Prisma's query compiler (WebAssembly, tiered
 * up on V8's threads), and what compiling takes stays with the process: a start that compiled the
 * package's seeds' checks and workers' looks held 20 MiB more than one that did not
 * (docs/performance.md, "A start that compiles nothing"). So what the package reads at every start
 * is written by hand and runs on the host's driver adapter.
 */

let first: InProcessServer
let second: InProcessServer | null = null
const statements: string[] = []

/** The package's tables are `svc_…`; the client names them qualified (`main`.`svc_jobs`, "public"."svc_jobs"). */
const onPackageTables = (sql: string) => /svc_/.test(sql)

beforeAll(async () => {
  // The first start migrates and seeds the database; the second finds it seeded, as every restart does.
  first = await startTestServer({ controlPlane: { outbox: false } })
})

afterAll(async () => {
  await second?.close()
  await first.close()
})

test('a start on a seeded database runs none of the Prisma client\'s queries on the package\'s tables: the seeds\' checks, the workers\' first looks and when retention last pruned are statements of its own', async () => {
  second = await startTestServer({
    sharedWith: first,
    controlPlane: { retention: { intervalMinutes: 60 } },
    host: { clientStatements: statements },
  })
  // The workers' first looks, and one more each, as a kick or a safety poll runs them.
  await Promise.all([second.runtime.jobs.kick(), second.runtime.outbox.kick()])
  expect(await second.runtime.retention.untilDue()).toBeGreaterThan(0)
  expect(statements.filter(onPackageTables)).toEqual([])

  // The record sees the client's queries on them: what it did not see was not run through the client.
  await second.db.svcJob.count()
  expect(statements.filter(onPackageTables)).toHaveLength(1)
})
