import { beforeEach, describe, expect, test } from '@jest/globals'
import request from 'supertest'
import { startTestServer, useTestServer } from './support/in-process-server.ts'
import { createPost } from './support/posts.ts'
import { BASE, dispatcher, type DispatchBody } from './support/client.ts'
import { connectMcp2, listen } from './support/mcp-client.ts'
import { deliver } from './support/webhooks.ts'
import { typedCaller } from './support/operations.ts'
import { processDelivery } from '../packages/control-plane/src/resources/content-sources/ingest/process-delivery.ts'

// The worker polls once an hour: a test kicks it (or run_batch does) and waits for it with `settled`.
const plane = useTestServer({ outbox: false, jobs: { pollMs: 3_600_000, batchSize: 2 } })
const pipelines = typedCaller(plane.dispatch, 'pipelines')
const jobs = typedCaller(plane.dispatch, 'jobs')

/** Runs the job worker until no job waits, including the run a call just kicked. */
const settled = () => plane.server.runtime.jobs.kick()

async function postsOf (source: string, count: number) {
  const posts = []
  for (let i = 0; i < count; i++) posts.push(await createPost(plane.server.db, { title: `${source} ${i}`, source }))
  return posts
}

async function runsOfJob (jobId: number) {
  return plane.server.db.svcPipelineRun.findMany({ where: { jobId }, select: { postId: true, status: true }, orderBy: { postId: 'asc' } })
}

/** The audit entries that record how the job ended (the call that started it has its own). */
async function outcomeEntries (jobId: number) {
  const entries = await plane.server.db.svcAuditEntry.findMany({ where: { operation: 'pipelines.run_batch' }, select: { params: true, ok: true, code: true } })
  return entries.filter(entry => (entry.params as { job_id?: number, status?: string }).job_id === jobId && 'status' in (entry.params as object))
}

beforeEach(async () => {
  plane.server.runtime.jobs.start()
  await settled()
  await plane.server.db.svcJob.deleteMany({})
})

describe('pipelines.run_batch', () => {
  test('over the posts of one content source answers 202 with the job\'s Location; the job runs every one of them once and succeeds', async () => {
    const delivered = await postsOf('newswire', 5)
    await postsOf('elsewhere', 2)
    const res = await pipelines('run_batch', { filter: { source: 'newswire' }, dry_run: true })
    expect(res.status).toBe(202)
    expect(res.body.data).toEqual({ job_id: expect.any(Number), status: 'queued', progress: { done: 0, total: 5 } })
    const jobId = res.body.data.job_id as number
    expect(res.headers.location).toBe(`${BASE}/manage/jobs/get?job_id=${jobId}`)

    await settled()
    const followed = await request(plane.server.app).get(res.headers.location!).set('Authorization', `Bearer ${plane.admin.key}`)
    expect(followed.status).toBe(200)
    expect(followed.body.data).toMatchObject({ job_id: jobId, kind: 'pipelines.run_batch', status: 'succeeded', progress: { done: 5, total: 5 }, result: { dry_run: 5 }, error: null })
    expect(followed.body.data.finished_at).not.toBeNull()
    const runs = await runsOfJob(jobId)
    expect(runs.map(run => run.postId).sort()).toEqual(delivered.map(post => String(post.id)).sort())
    expect(new Set(runs.map(run => run.status))).toEqual(new Set(['dry_run']))
  })

  test('is audited once with its outcome, as the account that started it', async () => {
    await postsOf('audited', 3)
    const jobId = (await pipelines('run_batch', { filter: { source: 'audited' }, dry_run: true })).body.data.job_id as number
    await settled()
    const outcomes = await outcomeEntries(jobId)
    expect(outcomes).toEqual([{ ok: true, code: null, params: expect.objectContaining({ status: 'succeeded', progress: { done: 3, total: 3 }, result: { dry_run: 3 } }) }])
    const entry = await plane.server.db.svcAuditEntry.findFirst({ where: { operation: 'pipelines.run_batch', code: null, ok: true }, orderBy: { id: 'desc' }, select: { actorEmail: true } })
    expect(entry?.actorEmail).toBe(plane.admin.email)
  })

  test('runs only the posts the filter selects: a source\'s posts of another status are passed over and counted', async () => {
    const [published] = [await createPost(plane.server.db, { source: 'mixed', status: 'publish' })]
    await createPost(plane.server.db, { source: 'mixed', status: 'draft' })
    const jobId = (await pipelines('run_batch', { filter: { source: 'mixed', status: 'publish' }, dry_run: true })).body.data.job_id as number
    await settled()
    expect((await jobs('get', { job_id: jobId })).body.data).toMatchObject({ status: 'succeeded', progress: { done: 2, total: 2 }, result: { dry_run: 1, not_selected: 1 } })
    expect((await runsOfJob(jobId)).map(run => run.postId)).toEqual([String(published.id)])
  })

  test('one job per recipe at a time: a second batch of the same recipe is a 409 naming the first, and may start once it ended', async () => {
    const [post] = await postsOf('single', 1)
    // Stopped, the worker leaves the first job queued while the second asks.
    await plane.server.runtime.jobs.stop()
    const first = await pipelines('run_batch', { filter: { post_ids: [post!.id] }, dry_run: true })
    const second = await pipelines('run_batch', { filter: { post_ids: [post!.id] }, dry_run: true })
    expect([second.status, second.body.code, second.body.details]).toEqual([409, 'conflict', { job_id: first.body.data.job_id }])
    plane.server.runtime.jobs.start()
    await settled()
    const third = await pipelines('run_batch', { filter: { post_ids: [post!.id] }, dry_run: true })
    expect(third.status).toBe(202)
  })

  test('post_ids is not combined with the other filters; a recipe that does not exist is a 404 before any job starts', async () => {
    const mixed = await pipelines('run_batch', { filter: { post_ids: [1], source: 'x' } })
    expect([mixed.status, mixed.body.code]).toEqual([400, 'invalid_params'])
    const unknown = await pipelines('run_batch', { filter: {}, recipe_id: 'no-such-recipe' })
    expect([unknown.status, unknown.body.code]).toEqual([404, 'not_found'])
    expect(await plane.server.db.svcJob.count()).toBe(0)
  })
})

describe('a job whose instance stopped midway', () => {
  /**
   * The state a dead instance leaves: the job running under its lease (expired now), its cursor
   * after the first batch, and a run of the job for the first post of the second batch, done
   * before the instance could store that batch's progress.
   */
  async function leftByADeadInstance (source: string, posts: number, extra: { cancelRequested?: boolean } = {}) {
    const delivered = await postsOf(source, posts)
    const res = await plane.server.db.svcJob.create({
      data: {
        kind: 'pipelines.run_batch',
        target: 'recipe:(manual trigger)',
        activeKey: 'pipelines.run_batch:recipe:(manual trigger)',
        status: 'running',
        params: { filter: { source }, dry_run: true },
        total: posts,
        done: 2,
        tally: { dry_run: 2 },
        holder: 'an instance that died',
        heldUntil: new Date(Date.now() - 1000),
        channel: 'dispatch',
        startedAt: new Date(),
        ...extra,
      },
    })
    const items = await plane.server.db.svcContentItem.findMany({ where: { source }, orderBy: { id: 'asc' }, select: { id: true, postId: true } })
    await plane.server.db.svcJob.update({ where: { id: res.id }, data: { cursor: JSON.stringify({ item: items[1]!.id }) } })
    for (const item of items.slice(0, 3)) {
      await plane.server.db.svcPipelineRun.create({ data: { jobId: res.id, postId: item.postId, recipeId: 'default', status: 'dry_run', triggerKind: 'manual', contentHash: '' } })
    }
    return { jobId: res.id, delivered }
  }

  test('is taken up once its lease ran out and resumes from its cursor, running no post twice', async () => {
    const { jobId, delivered } = await leftByADeadInstance('resumed', 6)
    await settled()
    expect((await jobs('get', { job_id: jobId })).body.data).toMatchObject({ status: 'succeeded', progress: { done: 6, total: 6 }, result: { dry_run: 5, already_run: 1 } })
    const runs = await runsOfJob(jobId)
    expect(runs.map(run => run.postId).sort()).toEqual(delivered.map(post => String(post.id)).sort())
  })

  test('is left alone while its lease holds', async () => {
    const { jobId } = await leftByADeadInstance('still-held', 3)
    await plane.server.db.svcJob.update({ where: { id: jobId }, data: { heldUntil: new Date(Date.now() + 3_600_000) } })
    await settled()
    expect((await jobs('get', { job_id: jobId })).body.data).toMatchObject({ status: 'running', progress: { done: 2, total: 3 } })
  })

  test('asked to cancel is ended as cancelled by the instance that takes it up, before another batch', async () => {
    const { jobId } = await leftByADeadInstance('cancelled-midway', 6, { cancelRequested: true })
    await settled()
    expect((await jobs('get', { job_id: jobId })).body.data).toMatchObject({ status: 'cancelled', progress: { done: 2, total: 6 }, cancel_requested: true })
    expect(await runsOfJob(jobId)).toHaveLength(3)
    expect(await outcomeEntries(jobId)).toEqual([expect.objectContaining({ ok: false, code: 'cancelled' })])
  })
})

describe('who reaches a job', () => {
  /** A key of the administrator's with these scopes, and a dispatcher calling with it. */
  async function keyWith (scopes: string[]) {
    const minted = await plane.dispatch({ resource: 'api_keys', action: 'mint', params: { label: `scopes ${scopes.join(' ')}`, scopes } })
    expect(minted.body.ok).toBe(true)
    return { id: minted.body.data.id as string, call: dispatcher(plane.server.app, minted.body.data.key as string) }
  }
  /** A queued job (the worker is stopped) of pipelines.run_batch over `count` new posts, started by `start`. */
  async function queuedBatch (start: (body: DispatchBody) => Promise<request.Response>, source: string, count = 1) {
    await plane.server.runtime.jobs.stop()
    await postsOf(source, count)
    const started = await start({ resource: 'pipelines', action: 'run_batch', params: { filter: { source }, dry_run: true } })
    expect(started.status).toBe(202)
    return started.body.data.job_id as number
  }

  test('a credential reads, lists and cancels the jobs it started without the jobs scope', async () => {
    const own = await keyWith(['pipelines'])
    const jobId = await queuedBatch(own.call, 'started-by-a-narrow-key')
    const read = await own.call({ resource: 'jobs', action: 'get', params: { job_id: jobId } })
    expect([read.status, read.body.data?.job_id]).toEqual([200, jobId])
    const listed = await own.call({ resource: 'jobs', action: 'list', params: {} })
    expect(listed.body.data.items.map((job: { job_id: number }) => job.job_id)).toEqual([jobId])
    const cancelled = await own.call({ resource: 'jobs', action: 'cancel', params: { job_id: jobId } })
    expect([cancelled.status, cancelled.body.data?.status]).toEqual([200, 'cancelled'])
  })

  test('another credential\'s job needs the jobs scope and the scope of the job\'s operation: without both it is not found, nor listed, nor cancelled', async () => {
    const jobId = await queuedBatch(plane.dispatch, 'started-by-the-administrator')
    for (const scopes of [['jobs'], ['pipelines'], ['leads', 'jobs']]) {
      const other = await keyWith(scopes)
      const read = await other.call({ resource: 'jobs', action: 'get', params: { job_id: jobId } })
      expect([read.status, read.body.code]).toEqual([404, 'not_found'])
      const cancel = await other.call({ resource: 'jobs', action: 'cancel', params: { job_id: jobId } })
      expect([cancel.status, cancel.body.code]).toEqual([404, 'not_found'])
      expect((await other.call({ resource: 'jobs', action: 'list', params: {} })).body.data.total).toBe(0)
    }
    expect((await jobs('get', { job_id: jobId })).body.data).toMatchObject({ status: 'queued', cancel_requested: false })
    const both = await keyWith(['jobs', 'pipelines'])
    expect((await both.call({ resource: 'jobs', action: 'get', params: { job_id: jobId } })).status).toBe(200)
    expect((await both.call({ resource: 'jobs', action: 'list', params: {} })).body.data.items.map((job: { job_id: number }) => job.job_id)).toEqual([jobId])
    const cancelled = await both.call({ resource: 'jobs', action: 'cancel', params: { job_id: jobId } })
    expect([cancelled.status, cancelled.body.data?.status]).toEqual([200, 'cancelled'])
  })

  test('a job whose starting key was revoked stops at its next batch, runs nothing more, and is audited as such', async () => {
    const narrow = await keyWith(['pipelines'])
    const jobId = await queuedBatch(narrow.call, 'started-then-revoked', 3)
    const revoked = await plane.dispatch({ resource: 'api_keys', action: 'revoke', params: { id: narrow.id }, confirm: true })
    expect(revoked.body.ok).toBe(true)
    plane.server.runtime.jobs.start()
    await settled()
    expect((await jobs('get', { job_id: jobId })).body.data).toMatchObject({ status: 'failed', progress: { done: 0, total: 3 }, error: expect.stringContaining(`API key ${narrow.id} that started it was revoked`) })
    expect(await runsOfJob(jobId)).toEqual([])
    expect(await outcomeEntries(jobId)).toEqual([expect.objectContaining({ ok: false, code: 'failed', params: expect.objectContaining({ error: expect.stringContaining('revoked') }) })])
  })

  test('a job whose starting key may no longer run its operation (not revoked: its account\'s role lost the capability) stops at its next batch, audited', async () => {
    const starter = await plane.account('administrator')
    const jobId = await queuedBatch(dispatcher(plane.server.app, starter.key), 'started-then-demoted', 3)
    await plane.server.db.user.update({ where: { id: starter.id }, data: { role: 'editor' } })
    plane.server.runtime.jobs.start()
    await settled()
    expect((await jobs('get', { job_id: jobId })).body.data).toMatchObject({ status: 'failed', progress: { done: 0, total: 3 }, error: expect.stringContaining(`API key ${starter.keyId} that started it may no longer run pipelines.run_batch`) })
    expect(await runsOfJob(jobId)).toEqual([])
    expect(await outcomeEntries(jobId)).toEqual([expect.objectContaining({ ok: false, code: 'failed', params: expect.objectContaining({ error: expect.stringContaining('may no longer run') }) })])
  })
})

describe('jobs.cancel and jobs.list', () => {
  test('a queued job cancelled ends at once, is audited once, and frees its recipe; cancelling it again changes nothing', async () => {
    await plane.server.runtime.jobs.stop()
    const [post] = await postsOf('queued', 1)
    const jobId = (await pipelines('run_batch', { filter: { post_ids: [post!.id] }, dry_run: true })).body.data.job_id as number
    // The worker stopped, the job stays queued however it is kicked.
    const cancelled = await jobs('cancel', { job_id: jobId })
    expect([cancelled.status, cancelled.body.changed, cancelled.body.data.status]).toEqual([200, true, 'cancelled'])
    const again = await jobs('cancel', { job_id: jobId })
    expect([again.status, again.body.changed, again.body.data.status]).toEqual([200, false, 'cancelled'])
    expect(await outcomeEntries(jobId)).toEqual([expect.objectContaining({ ok: false, code: 'cancelled' })])
    expect((await pipelines('run_batch', { filter: { post_ids: [post!.id] }, dry_run: true })).status).toBe(202)
  })

  test('jobs.list pages newest first and filters by status; an unknown job is a 404', async () => {
    const [post] = await postsOf('listed', 1)
    const jobId = (await pipelines('run_batch', { filter: { post_ids: [post!.id] }, dry_run: true })).body.data.job_id as number
    await settled()
    const listed = await jobs('list', { status: 'succeeded' })
    expect(listed.body.data).toMatchObject({ total: 1, page: 1, per_page: 20 })
    expect(listed.body.data.items.map((job: { job_id: number }) => job.job_id)).toEqual([jobId])
    expect((await jobs('list', { status: 'running' })).body.data.total).toBe(0)
    const missing = await jobs('get', { job_id: 999_999 })
    expect([missing.status, missing.body.code]).toEqual([404, 'not_found'])
  })
})

describe('pipelines-run_batch over MCP', () => {
  const runBatchTool = async (source: string, options: { progress?: Array<{ progress: number, total?: number, message?: string }>, revision?: 'modern' | 'legacy' } = {}) => {
    const http = await listen(plane.server.app)
    const client = await connectMcp2(http.url, plane.admin.key, { revision: options.revision })
    try {
      const { progress } = options
      return await client.callTool(
        { name: 'pipelines-run_batch', arguments: { filter: { source }, dry_run: true } },
        progress ? { onprogress: note => { progress.push(note) } } : {},
      )
    } finally {
      await client.close()
      await http.close()
    }
  }

  test('with a progressToken (2026-07-28), the call reports the job\'s progress and answers once it ended', async () => {
    await postsOf('followed', 5)
    const progress: Array<{ progress: number, total?: number, message?: string }> = []
    const result = await runBatchTool('followed', { progress })
    expect(result.isError).toBeFalsy()
    expect(result.structuredContent).toEqual({ job_id: expect.any(Number), status: 'succeeded', progress: { done: 5, total: 5 } })
    expect(progress[0]).toEqual({ progress: 0, total: 5, message: 'queued' })
    expect(progress.at(-1)).toEqual({ progress: 5, total: 5, message: 'succeeded' })
    const told = progress.map(note => note.progress)
    expect(told).toEqual([...told].sort((a, b) => a - b))
  })

  test('a call following its job ends when its instance stops: the client is answered with the job as it stands, and nothing polls on', async () => {
    await postsOf('stopping', 2)
    // No worker here: the job stays queued, and only the instance's stop can end the call.
    const instance = await startTestServer({ sharedWith: plane.server, controlPlane: { outbox: false, jobs: false } })
    const http = await listen(instance.app)
    const client = await connectMcp2(http.url, plane.admin.key)
    const progress: Array<{ progress: number }> = []
    try {
      const call = client.callTool({ name: 'pipelines-run_batch', arguments: { filter: { source: 'stopping' }, dry_run: true } }, { onprogress: note => { progress.push(note) } })
        .then(result => ({ answered: result.structuredContent }), (error: Error) => ({ failed: error.message }))
      for (const deadline = Date.now() + 10_000; progress.length === 0 && Date.now() < deadline;) await new Promise(resolve => setTimeout(resolve, 10))
      expect(progress).toEqual([{ progress: 0, total: 2, message: 'queued' }])
      await instance.close()
      let timer: NodeJS.Timeout | undefined
      const outcome = await Promise.race([call, new Promise(resolve => { timer = setTimeout(() => resolve('still following'), 5_000) })])
      clearTimeout(timer)
      expect(outcome).toEqual({ answered: { job_id: expect.any(Number), status: 'queued', progress: { done: 0, total: 2 } } })
    } finally {
      await client.close()
      await http.close()
    }
  })

  test('without one, or on the 2025 leg (JSON answers only), it answers at once with the job just started', async () => {
    await postsOf('at once', 2)
    const result = await runBatchTool('at once')
    expect(result.structuredContent).toEqual({ job_id: expect.any(Number), status: 'queued', progress: { done: 0, total: 2 } })
    await settled()
    await postsOf('legacy', 2)
    const progress: Array<{ progress: number }> = []
    const legacy = await runBatchTool('legacy', { progress, revision: 'legacy' })
    expect(legacy.structuredContent).toEqual({ job_id: expect.any(Number), status: 'queued', progress: { done: 0, total: 2 } })
    expect(progress).toEqual([])
  })
})

describe('leads.start_verify_all', () => {
  const leads = typedCaller(plane.dispatch, 'leads')

  /** A ledger of `count` leads, each with its captured event and a status change; the leads of other tests are gone. */
  async function ledger (count: number): Promise<number[]> {
    await plane.server.db.svcLeadEvent.deleteMany()
    await plane.server.db.svcLead.deleteMany()
    await plane.server.db.svcLeadChainCheckpoint.deleteMany()
    const ids: number[] = []
    for (let i = 0; i < count; i++) {
      const id = (await leads('capture', { source: 'ledger_job', email: `verify${i}@example.test` })).body.data.id as number
      if (i % 2 === 0) await leads('set_status', { id, status: 'Contacted' })
      ids.push(id)
    }
    return ids
  }

  const job = async (jobId: number) => (await jobs('get', { job_id: jobId })).body.data

  test('answers 202 with the job; the job verifies every lead in batches, succeeds and moves the checkpoint', async () => {
    await ledger(90)
    const events = await plane.server.db.svcLeadEvent.count()
    const res = await leads('start_verify_all', {})
    expect(res.status).toBe(202)
    expect(res.body.data).toEqual({ job_id: expect.any(Number), status: 'queued', progress: { done: 0, total: 90 } })
    expect(res.headers.location).toBe(`${BASE}/manage/jobs/get?job_id=${res.body.data.job_id}`)
    await settled()
    // A batch size of 2 verifies 40 leads a batch: three batches.
    expect(await job(res.body.data.job_id as number)).toMatchObject({
      kind: 'leads.start_verify_all', status: 'succeeded', progress: { done: 90, total: 90 }, result: { leads: 90, events, recomputed: events, broken: 0 },
    })
    // The inline verify from the checkpoint finds nothing new to recompute.
    const inline = (await leads('verify_all', { from_checkpoint: true })).body.data
    expect(inline).toMatchObject({ ok: true, recomputed: 0, from_event_id: inline.through_event_id })
  })

  test('names the broken chains in its result and leaves the checkpoint where it was', async () => {
    const ids = await ledger(45)
    const tampered = await plane.server.db.svcLeadEvent.findFirstOrThrow({ where: { leadId: ids[43], seq: 1 } })
    await plane.server.db.svcLeadEvent.update({ where: { id: tampered.id }, data: { data: { email: 'someone-else@example.test' } } })
    const jobId = (await leads('start_verify_all', {})).body.data.job_id as number
    await settled()
    expect(await job(jobId)).toMatchObject({ status: 'succeeded', result: { leads: 45, broken: 1, [`broken_at:${ids[43]}`]: 1 } })
    expect(await plane.server.db.svcLeadChainCheckpoint.count()).toBe(0)
  })

  test('a job resumed after its instance stopped goes on after the last lead verified, without verifying the range before again', async () => {
    const ids = await ledger(60)
    await plane.server.runtime.jobs.stop()
    const jobId = (await leads('start_verify_all', {})).body.data.job_id as number
    // What a first instance stored after its first batch: the leads up to the 40th verified, none broken.
    await plane.server.db.svcJob.update({
      where: { id: jobId },
      data: {
        status: 'running', done: 40, tally: { leads: 40, events: 60, recomputed: 60, broken: 0 }, cursor: JSON.stringify({ after: ids[39], leads: 40, events: 60, broken: 0 }),
        holder: 'an instance that died', heldUntil: new Date(Date.now() - 1000), startedAt: new Date(),
      },
    })
    // A chain broken inside the range already verified is not seen again; one after it is.
    for (const index of [5, 50]) {
      const event = await plane.server.db.svcLeadEvent.findFirstOrThrow({ where: { leadId: ids[index], seq: 1 } })
      await plane.server.db.svcLeadEvent.update({ where: { id: event.id }, data: { hash: 'f'.repeat(64) } })
    }
    plane.server.runtime.jobs.start()
    await settled()
    const resumed = await job(jobId)
    expect(resumed).toMatchObject({ status: 'succeeded', progress: { done: 60, total: 60 }, result: { leads: 60, broken: 1, [`broken_at:${ids[50]}`]: 1 } })
    expect(Object.keys(resumed.result as object)).not.toContain(`broken_at:${ids[5]}`)
  })

  test('from the checkpoint, checks only the leads with an event written since; one verification of the ledger at a time', async () => {
    await ledger(10)
    await settled()
    const first = (await leads('start_verify_all', {})).body.data.job_id as number
    await settled()
    expect((await job(first)).status).toBe('succeeded')
    const newer = (await leads('capture', { source: 'ledger_job', email: 'late@example.test' })).body.data.id as number
    await leads('set_status', { id: newer, status: 'Qualified' })
    await plane.server.runtime.jobs.stop()
    const res = await leads('start_verify_all', { from_checkpoint: true })
    expect(res.body.data.progress).toEqual({ done: 0, total: 1 })
    const second = await leads('start_verify_all', {})
    expect([second.status, second.body.code, second.body.details]).toEqual([409, 'conflict', { job_id: res.body.data.job_id }])
    plane.server.runtime.jobs.start()
    await settled()
    expect(await job(res.body.data.job_id as number)).toMatchObject({ status: 'succeeded', result: { leads: 1, events: 2, recomputed: 2, broken: 0 } })
  })
})

describe('content_sources.process_held', () => {
  const sources = typedCaller(plane.dispatch, 'content_sources')
  const article = (n: number) => ({ headline: `Held story ${n}`, body: `<p>Story ${n}.</p>` })

  /** An enabled source with an approved mapping and `count` deliveries it holds (as while it was paused). */
  async function holding (name: string, count: number) {
    const source = (await sources('create', { name, auth_mode: 'none' })).body.data as { id: string, slug: string }
    expect((await deliver(plane.server.app, source.slug, article(0))).status).toBe(202)
    expect((await sources('approve_mapping', { id: source.id, mapping: { title: 'headline', content: 'body' } })).status).toBe(200)
    const held = []
    for (let n = 1; n <= count; n++) {
      held.push(await plane.server.db.svcContentDelivery.create({ data: { sourceId: source.id, body: JSON.stringify(article(n)), status: 'held' } }))
    }
    return { source, held }
  }

  const postsOfSource = async (sourceId: string) => plane.server.db.svcContentDelivery.count({ where: { sourceId, status: 'created' } })

  test('answers 202 with the job; the job processes every held delivery once, oldest first, into posts', async () => {
    const { source } = await holding('Held backlog', 5)
    const res = await sources('process_held', { id: source.id })
    expect(res.status).toBe(202)
    expect(res.body.data).toEqual({ job_id: expect.any(Number), status: 'queued', progress: { done: 0, total: 5 } })
    expect(res.headers.location).toBe(`${BASE}/manage/jobs/get?job_id=${res.body.data.job_id}`)
    await settled()
    expect((await jobs('get', { job_id: res.body.data.job_id })).body.data).toMatchObject({ kind: 'content_sources.process_held', status: 'succeeded', progress: { done: 5, total: 5 }, result: { created: 5 } })
    expect(await postsOfSource(source.id)).toBe(6)
    expect(await plane.server.db.svcContentDelivery.count({ where: { sourceId: source.id, status: 'held' } })).toBe(0)
  })

  test('resumed after its instance stopped, passes over what was processed before and processes the rest once', async () => {
    const { source, held } = await holding('Held resumed', 4)
    await plane.server.runtime.jobs.stop()
    const jobId = (await sources('process_held', { id: source.id })).body.data.job_id as number
    // A first instance processed the first two (the second after it last stored its progress), then died.
    const firstInstance = { db: plane.server.db, options: plane.server.runtime.options, modules: plane.server.runtime.modules, state: plane.server.runtime.state, hooks: plane.server.runtime.hooks }
    for (const delivery of held.slice(0, 2)) await processDelivery(firstInstance, delivery.id)
    await plane.server.db.svcJob.update({
      where: { id: jobId },
      data: { status: 'running', done: 1, tally: { created: 1 }, cursor: JSON.stringify({ after: held[0]!.id }), holder: 'an instance that died', heldUntil: new Date(Date.now() - 1000), startedAt: new Date() },
    })
    plane.server.runtime.jobs.start()
    await settled()
    // The second was no longer held: the resumed job never saw it, and wrote no post twice.
    expect((await jobs('get', { job_id: jobId })).body.data).toMatchObject({ status: 'succeeded', progress: { done: 3, total: 4 }, result: { created: 3 } })
    expect(await postsOfSource(source.id)).toBe(5)
  })

  test('is refused for a paused source; a source paused while it runs ends it, counting what stays held', async () => {
    const { source } = await holding('Held paused', 3)
    await plane.server.runtime.jobs.stop()
    const jobId = (await sources('process_held', { id: source.id })).body.data.job_id as number
    expect((await sources('update', { id: source.id, enabled: false })).status).toBe(200)
    plane.server.runtime.jobs.start()
    await settled()
    expect((await jobs('get', { job_id: jobId })).body.data).toMatchObject({ status: 'succeeded', result: { left_held: 3 } })
    const refused = await sources('process_held', { id: source.id })
    expect([refused.status, refused.body.code]).toEqual([409, 'conflict'])
  })
})
