import { afterAll, beforeAll, describe, expect, jest, test } from '@jest/globals'
import { randomBytes } from 'node:crypto'
import request from 'supertest'
import { createTestDatabase, openPrisma, testProvider, type TestDatabase } from './support/database.ts'
import { startHostProcess, type HostProcess } from './support/host-process.ts'
import { createAccount } from './support/accounts.ts'
import { createPost } from './support/posts.ts'
import type { HostDb } from './support/in-process-server.ts'
import { BASE } from './support/client.ts'
import { readUntilDone } from './support/eventually.ts'
import { resolveDatabase } from '../packages/control-plane/src/platform/db/database-url.ts'
import { migrate } from '../packages/control-plane/src/platform/db/migrate.ts'

jest.setTimeout(180_000)
const POSTS = 40
/** Short enough that the survivor takes the job up within a few seconds of the kill. */
const LEASE_MS = 1500

// Two server processes need a database both can open with their own connections: PostgreSQL.
const describeOnPostgres = testProvider === 'postgresql' ? describe : describe.skip

describeOnPostgres('pipelines.run_batch on two server processes sharing one PostgreSQL database', () => {
  let database: TestDatabase
  let db: HostDb
  let servers: HostProcess[] = []
  const killed = new Set<number>()

  beforeAll(async () => {
    database = await createTestDatabase()
    await migrate(resolveDatabase(database.url))
    db = openPrisma(database.url)
    const env = {
      DATABASE_URL: database.url,
      SVC_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      SESSION_SECRET: randomBytes(32).toString('hex'),
      // One post a batch: the job's progress is stored after each post, so a kill lands midway.
      SVC_JOBS_BATCH_SIZE: '1',
      SVC_JOBS_LEASE_MS: String(LEASE_MS),
      SVC_JOBS_POLL_MS: '200',
    }
    servers = await Promise.all([startHostProcess(env), startHostProcess(env)])
  }, 120_000)

  afterAll(async () => {
    await Promise.all(servers.filter(server => !killed.has(server.pid)).map(server => server.stop()))
    await db?.$disconnect()
    await database?.drop()
  })

  test('a job whose instance is killed midway finishes on the other: progress reaches total, every post of the source has one run', async () => {
    const { key, email } = await createAccount(db)
    const delivered = []
    for (let i = 0; i < POSTS; i++) delivered.push(await createPost(db, { title: `Wire story ${i}`, source: 'wire', content: `<h1>Story ${i}</h1><p>Body.</p>` }))
    await createPost(db, { title: 'Written by hand' })

    const started = await request(servers[0]!.url).post(`${BASE}/manage/pipelines/run_batch`).set('Authorization', `Bearer ${key}`).send({ filter: { source: 'wire' } })
    expect(started.status).toBe(202)
    expect(started.body.data).toMatchObject({ status: 'queued', progress: { done: 0, total: POSTS } })
    const jobId = started.body.data.job_id as number

    // Midway: some posts done, not all; the instance holding the job is killed without a chance to clean up.
    const midway = await readUntilDone(() => db.svcJob.findUniqueOrThrow({ where: { id: jobId } }), job => job.done >= 3)
    const holder = servers.find(server => midway.holder?.startsWith(`${server.pid}:`))!
    process.kill(holder.pid, 'SIGKILL')
    killed.add(holder.pid)
    const atKill = await db.svcJob.findUniqueOrThrow({ where: { id: jobId } })
    expect(atKill.done).toBeLessThan(POSTS)

    const survivor = servers.find(server => server !== holder)!
    const follow = () => request(survivor.url).get(started.headers.location!).set('Authorization', `Bearer ${key}`)
    const finished = await readUntilDone(follow, res => res.body.data?.status !== 'running' && res.body.data?.status !== 'queued')
    expect(finished.body.data).toMatchObject({ status: 'succeeded', progress: { done: POSTS, total: POSTS } })

    const runs = await db.svcPipelineRun.groupBy({ by: ['postId'], where: { jobId }, _count: { _all: true } })
    expect(runs.map(run => run.postId).sort()).toEqual(delivered.map(post => String(post.id)).sort())
    expect(runs.filter(run => run._count._all !== 1)).toEqual([])
    const outcomes = (await db.svcAuditEntry.findMany({ where: { operation: 'pipelines.run_batch', actorEmail: email }, select: { params: true } }))
      .filter(entry => (entry.params as { status?: string }).status !== undefined)
    expect(outcomes).toEqual([{ params: expect.objectContaining({ job_id: jobId, status: 'succeeded' }) }])
  })
})
