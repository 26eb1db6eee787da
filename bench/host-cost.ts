/**
 * What the control plane costs the site it is installed in (issue 53): Keystone's starter
 * (hosts/starter) from one install, built twice — as generated, and wrapped with the packed
 * package as docs/install.md shows — and measured side by side on the starter's **own** requests,
 * which never reach `/api/svc/v1`.
 *
 *   npm run bench:host
 *
 * 1. Time to first answer and resident memory: each site is started alone, the two taking turns
 *    (`BENCH_STARTS` times each), timed from the process's spawn to its first answered GraphQL read.
 * 2. Both served at once, on copies of one seeded database (40 posts, 5 authors, 8 tags), as
 *    `BENCH_PAIRS` pairs of processes one after the other, each pair loaded in
 *    `BENCH_ROUNDS` alternating rounds of `BENCH_ROUND_SECONDS` seconds at `BENCH_CONNECTIONS`
 *    connections (autocannon in a child process): the starter's read
 *    `posts(take: 10) { id title author { name } tags { name } }` and its write
 *    `updatePost(title)`; which site goes first flips every round. Each site's CPU time per request
 *    is read from `/proc/<pid>/stat` (user + system) over its own load.
 * 3. Idle CPU per second of each pair, both idle at once, before any load and after it: first over
 *    `BENCH_IDLE_SETTLE_SECONDS` while the collector settles (V8 shrinks the heap with a few full
 *    collections in the seconds after allocation stops, in proportion to the heap), then over
 *    `BENCH_IDLE_SECONDS`: what the site does when nothing happens, its background work, the
 *    figure with the target; and the resident memory each holds once settled.
 *
 * The figures that count are the medians of the rounds' paired ratios (with / without) over every
 * pair's rounds, and for idle CPU and memory the medians over the pairs: a busy moment of the
 * shared machine falls on both sides of a round, and what V8 made of one process at its start
 * (which code it tiered up, how its allocator's arenas grew) on one pair of several. `BENCH_PROFILE=1` starts both sites
 * for the load with `--cpu-prof` (written to var/prof/host-cost/with/ and …/without/ when they stop). The results are kept in
 * var/bench/host-cost.json. `BENCH_PACKAGE=<tarball>` installs that tarball instead of the package
 * packed from this checkout (an earlier version, for a before/after). `BENCH_CONTROL=models` measures
 * the starter given the package's models alone (the wired site's Prisma schema, none of its code)
 * against the plain starter; `BENCH_CONTROL=code` the wired site against that control.
 */
import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { copyFile, mkdir, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { availableParallelism, loadavg } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { load, loadProblems, type LoadRequest } from './lib/load.ts'
import { positiveInteger } from './lib/env.ts'
import { cpuMs } from './lib/process-cpu.ts'
import { median, pairedMedians } from './lib/paired-rounds.ts'
import { packedPackage } from '../test/support/packed-package.ts'
import { STARTER_FILES, installStarter, starterFolder, unwrapStarterConfig } from '../test/support/starter-site.ts'
import { startInstalledSite, type InstalledSite } from '../test/support/installed-site.ts'

const PAIRS = positiveInteger('BENCH_PAIRS', 3)
const ROUNDS = positiveInteger('BENCH_ROUNDS', 4)
const ROUND_SECONDS = positiveInteger('BENCH_ROUND_SECONDS', 4)
const CONNECTIONS = positiveInteger('BENCH_CONNECTIONS', 10)
// A whole idle interval of the package's workers (`idlePollMs`, a minute): a shorter window sees its one wake or none.
const IDLE_SECONDS = positiveInteger('BENCH_IDLE_SECONDS', 60)
const IDLE_SETTLE_SECONDS = positiveInteger('BENCH_IDLE_SETTLE_SECONDS', 60)
const STARTS = positiveInteger('BENCH_STARTS', 3)
const PROFILE = process.env.BENCH_PROFILE === '1'
const CONTROL = process.env.BENCH_CONTROL
if (CONTROL !== undefined && CONTROL !== 'models' && CONTROL !== 'code') throw new Error('BENCH_CONTROL is models or code')
const POSTS = 40
const AUTHORS = 5
const TAGS = 8

const ROOT = process.cwd()
const MINUTE = 60_000
const execFileAsync = promisify(execFile)

const READ = 'query { posts(take: 10) { id title author { name } tags { name } } }'
const WRITE = 'mutation ($id: ID!, $title: String!) { updatePost(where: { id: $id }, data: { title: $title }) { id title } }'

type Side = 'without' | 'with'
type Site = InstalledSite & { side: Side, dir: string }

const { NODE_OPTIONS: _loader, NODE_ENV: _mode, ...inherited } = process.env
const varDir = path.join(ROOT, 'var/bench/host-cost-var')
const env: NodeJS.ProcessEnv = {
  ...inherited,
  NEXT_TELEMETRY_DISABLED: '1',
  PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? process.execPath,
  DATABASE_URL: 'file:./keystone.db',
  SVC_VAR_DIR: varDir,
  SESSION_SECRET: randomBytes(32).toString('base64'),
  SVC_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
}

const run = (dir: string, file: string, args: string[]) =>
  execFileAsync(file, args, { cwd: dir, env, maxBuffer: 64 * 1024 * 1024, timeout: 15 * MINUTE })
const keystoneCli = (dir: string) => path.join(dir, 'node_modules/@keystone-6/core/bin/cli.js')

/** Resident and peak resident memory of a process, in MiB. */
async function memoryMiB (pid: number): Promise<{ rss: number, peak: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8')
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN)
  return { rss: kib('VmRSS') / 1024, peak: kib('VmHWM') / 1024 }
}

async function graphql (url: string, query: string, variables: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  const res = await fetch(`${url}/api/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query, variables }) })
  const body = await res.json() as { data?: Record<string, unknown>, errors?: unknown }
  if (!res.ok || body.errors || !body.data) throw new Error(`GraphQL answered ${res.status}: ${JSON.stringify(body).slice(0, 500)}`)
  return body.data
}

/** The starter, wired (`with`) in the installed folder, and as generated (`without`) in a sibling sharing its node_modules. */
async function prepareFolders (): Promise<Record<Side, string>> {
  const wired = await starterFolder('bench')
  console.log(`[bench:host] installing the starter and the packed package in ${wired}`)
  await installStarter(wired, process.env.BENCH_PACKAGE ? path.resolve(process.env.BENCH_PACKAGE) : await packedPackage(env), env)
  const plain = `${wired}-without`
  await rm(plain, { recursive: true, force: true })
  await mkdir(plain, { recursive: true })
  for (const file of STARTER_FILES) await copyFile(path.join(wired, file), path.join(plain, file))
  const { unwrapped, options } = unwrapStarterConfig(await readFile(path.join(wired, 'keystone.ts'), 'utf8'))
  if (options === undefined) throw new Error('hosts/starter/keystone.ts is not wrapped as docs/install.md shows')
  await writeFile(path.join(plain, 'keystone.ts'), unwrapped)
  await symlink(path.join(wired, 'node_modules'), path.join(plain, 'node_modules'))
  return { with: wired, without: plain }
}

/** Both built without the Admin UI (served by neither); the wired database migrated by the package's CLI. */
async function build (dirs: Record<Side, string>): Promise<void> {
  console.log('[bench:host] building both')
  for (const dir of Object.values(dirs)) await run(dir, process.execPath, [keystoneCli(dir), 'build', '--no-ui'])
  const cli = path.join(dirs.with, 'node_modules/.bin/svc-control-plane')
  await run(dirs.with, cli, ['migrations', 'generate', 'init', '--provider', 'sqlite'])
  await run(dirs.with, cli, ['migrate'])
}

/** `keystone start --no-ui` in production on a free loopback port, answered at once: `firstAnswer` times it from its spawn. */
async function startSite (side: Side, dir: string, { profile = false } = {}): Promise<Site> {
  const nodeArgs = profile ? ['--cpu-prof', `--cpu-prof-dir=${path.join(ROOT, 'var/prof/host-cost', side)}`] : []
  // The starter logs every GraphQL operation: both sides write it to nowhere alike (unwatched).
  const site = await startInstalledSite({ what: `the starter ${side} the package`, cwd: dir, keystone: keystoneCli(dir), env, adminUi: false, nodeArgs, unwatched: true })
  return { ...site, side, dir }
}

/** Milliseconds from spawn to the first answered read. */
async function firstAnswer (site: Site): Promise<number> {
  const deadline = performance.now() + 2 * MINUTE
  for (;;) {
    try {
      await graphql(site.url, READ)
      return performance.now() - site.spawnedAt
    } catch (error) {
      if (!site.alive()) throw new Error(`the starter ${site.side} the package exited:\n${site.output()}`)
      if (performance.now() > deadline) throw error
      await new Promise(resolve => setTimeout(resolve, 10))
    }
  }
}

/** One item created through the starter's own GraphQL API; its id. */
async function create (url: string, list: 'User' | 'Tag' | 'Post', data: Record<string, unknown>): Promise<string> {
  const answer = await graphql(url, `mutation ($data: ${list}CreateInput!) { create${list}(data: $data) { id } }`, { data })
  return (answer[`create${list}`] as { id: string }).id
}

/** 5 authors, 8 tags and 40 posts with an author and two tags each. */
async function seed (url: string): Promise<string[]> {
  const authors: string[] = []
  for (let n = 0; n < AUTHORS; n++) authors.push(await create(url, 'User', { name: `Author ${n}`, email: `author${n}@starter.bench`, password: `bench-password-${n}` }))
  const tags: string[] = []
  for (let n = 0; n < TAGS; n++) tags.push(await create(url, 'Tag', { name: `tag ${n}` }))
  const posts: string[] = []
  for (let n = 0; n < POSTS; n++) {
    posts.push(await create(url, 'Post', {
      title: `Post ${n}`,
      content: [{ type: 'paragraph', children: [{ text: `Post ${n}: the council met on Tuesday evening.` }] }],
      author: { connect: { id: authors[n % AUTHORS] } },
      tags: { connect: [{ id: tags[n % TAGS] }, { id: tags[(n + 3) % TAGS] }] },
    }))
  }
  return posts
}

type Round = { target: string, side: Side, requestsPerSecond: number, cpuMsPerRequest: number, p50: number, p99: number }

async function measure (site: Site, target: string, request: LoadRequest, seconds: number): Promise<Round> {
  const cpuBefore = await cpuMs(site.pid)
  const result = await load(request, { connections: CONNECTIONS, seconds })
  const cpu = await cpuMs(site.pid) - cpuBefore
  const problems = loadProblems(result)
  if (problems.length > 0) throw new Error(`${target} on the starter ${site.side} the package: ${problems.join('; ')}`)
  return { target, side: site.side, requestsPerSecond: result.requests.total / result.duration, cpuMsPerRequest: cpu / result.requests.total, p50: result.latency.p50, p99: result.latency.p99 }
}

const requestsOf = (url: string, posts: string[]): Record<string, LoadRequest> => ({
  'GraphQL read': { url: `${url}/api/graphql`, method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: READ }) },
  'GraphQL write': {
    url: `${url}/api/graphql`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: `{"query":${JSON.stringify(WRITE)},"variables":{"id":"{{slot}}","title":"Post {{seq}}"}}`,
    writes: { slots: posts, answers: '"updatePost":{"id"' },
  },
})

const fixed = (value: number, digits = 2) => value.toFixed(digits)
/** A difference with its sign: +1.2, −3.4. */
const signed = (value: number, digits = 2) => `${value < 0 ? '−' : '+'}${fixed(Math.abs(value), digits)}`

type IdleCpu = Awaited<ReturnType<typeof cpuPerSecond>>
type Idle = { settling: IdleCpu, settled: IdleCpu, memory: Record<Side, { rss: number, peak: number }> }

const IDLE_SLICE_SECONDS = 10

/**
 * Each site's CPU per second over `windowSeconds`, both idle at once, and its CPU milliseconds in each
 * slice of 10 s (when in the window a site worked: a wake, a collection).
 */
async function cpuPerSecond (sites: Record<Side, Site>, windowSeconds: number): Promise<Record<Side, number> & { slices: Record<Side, number[]> }> {
  const cpu = async () => ({ without: await cpuMs(sites.without.pid), with: await cpuMs(sites.with.pid) })
  const before = await cpu()
  const slices: Record<Side, number[]> = { without: [], with: [] }
  const started = performance.now()
  let last = before
  for (let left = windowSeconds; left > 0; left -= IDLE_SLICE_SECONDS) {
    await new Promise(resolve => setTimeout(resolve, Math.min(left, IDLE_SLICE_SECONDS) * 1000))
    const now = await cpu()
    for (const side of ['without', 'with'] as Side[]) slices[side].push(now[side] - last[side])
    last = now
  }
  const seconds = (performance.now() - started) / 1000
  return { without: (last.without - before.without) / seconds, with: (last.with - before.with) / seconds, slices }
}

/** After 5 s of quiet: the collector settling after a start or a load, then the idle site, and what each then holds. */
async function idle (sites: Record<Side, Site>): Promise<Idle> {
  await new Promise(resolve => setTimeout(resolve, 5000))
  const settling = await cpuPerSecond(sites, IDLE_SETTLE_SECONDS)
  const settled = await cpuPerSecond(sites, IDLE_SECONDS)
  return { settling, settled, memory: { without: await memoryMiB(sites.without.pid), with: await memoryMiB(sites.with.pid) } }
}

/**
 * The control (`BENCH_CONTROL`): the starter as generated, given the wired site's Prisma schema —
 * the package's models in its Prisma client and database, none of the package's code. `models`
 * measures it against the plain starter (what the models cost), `code` the wired site against it.
 */
async function withControl (dirs: Record<Side, string>): Promise<Record<Side, string>> {
  if (CONTROL === undefined) return dirs
  const control = `${dirs.with}-models`
  await rm(control, { recursive: true, force: true })
  await mkdir(control, { recursive: true })
  for (const file of STARTER_FILES) await copyFile(path.join(dirs.without, file), path.join(control, file))
  await copyFile(path.join(dirs.with, 'schema.prisma'), path.join(control, 'wired-schema.prisma'))
  const config = await readFile(path.join(dirs.without, 'keystone.ts'), 'utf8')
  const schema = "extendPrismaSchema: () => require('node:fs').readFileSync(require('node:path').join(process.cwd(), 'wired-schema.prisma'), 'utf8'),"
  const patched = config.replace("provider: 'sqlite',", `provider: 'sqlite',\n      ${schema}`)
  if (patched === config) throw new Error('the starter\'s keystone.ts no longer names its provider as the control expects')
  await writeFile(path.join(control, 'keystone.ts'), patched)
  await symlink(path.join(dirs.with, 'node_modules'), path.join(control, 'node_modules'))
  await run(control, process.execPath, [keystoneCli(control), 'build', '--no-ui'])
  return CONTROL === 'models' ? { without: dirs.without, with: control } : { without: control, with: dirs.with }
}

/** Which side the control stands in for, in the report's headline. */
const controlNote = () => CONTROL === undefined
  ? ''
  : ` (the control: "${CONTROL === 'models' ? 'with' : 'without'}" is the starter with the package's models, no code)`

type PairResult = { rounds: Round[][], idleBeforeLoad: Idle, afterLoad: Record<Side, { rss: number, peak: number }>, idleAfterLoad: Idle }

/**
 * One pair of processes, served at once: idle and settled before any load, the load's rounds, idle
 * and settled after it. What V8 makes of a process at its start stays with it to the end, so a
 * pair can sit a few points off another on the same code: the report takes its figures over several.
 */
async function servePair (dirs: Record<Side, string>, posts: string[], pair: number): Promise<PairResult> {
  const sites: Record<Side, Site> = {
    without: await startSite('without', dirs.without, { profile: PROFILE }),
    with: await startSite('with', dirs.with, { profile: PROFILE }),
  }
  const label = `[bench:host] pair ${pair + 1} of ${PAIRS}:`
  try {
    await Promise.all(Object.values(sites).map(site => firstAnswer(site)))
    // Idle before any load as well: right after one, both sites' collectors are still at work.
    console.log(`${label} idle for ${IDLE_SETTLE_SECONDS} + ${IDLE_SECONDS} s, before any load`)
    const idleBeforeLoad = await idle(sites)
    const requests = { without: requestsOf(sites.without.url, posts), with: requestsOf(sites.with.url, posts) }
    const targets = Object.keys(requests.with)
    console.log(`${label} warming up`)
    for (const target of targets) for (const side of ['without', 'with'] as Side[]) await measure(sites[side], target, requests[side][target]!, 2)

    const rounds: Round[][] = []
    for (let round = 0; round < ROUNDS; round++) {
      const order: Side[] = round % 2 === 0 ? ['without', 'with'] : ['with', 'without']
      for (const target of targets) {
        const paired: Round[] = []
        for (const side of order) paired.push(await measure(sites[side], target, requests[side][target]!, ROUND_SECONDS))
        rounds.push(paired)
        const [a, b] = [paired.find(r => r.side === 'without')!, paired.find(r => r.side === 'with')!]
        console.log(`pair ${pair + 1} round ${round + 1} ${target}: without ${fixed(a.requestsPerSecond, 0)} req/s ${fixed(a.cpuMsPerRequest, 3)} ms CPU/req, ` +
          `with ${fixed(b.requestsPerSecond, 0)} req/s ${fixed(b.cpuMsPerRequest, 3)} ms CPU/req`)
      }
    }
    const afterLoad = { without: await memoryMiB(sites.without.pid), with: await memoryMiB(sites.with.pid) }

    console.log(`${label} idle for ${IDLE_SETTLE_SECONDS} + ${IDLE_SECONDS} s, after the load`)
    const idleAfterLoad = await idle(sites)
    console.log(`${label} settled memory before / after the load: without ${fixed(idleBeforeLoad.memory.without.rss, 1)} / ${fixed(idleAfterLoad.memory.without.rss, 1)} MiB, ` +
      `with ${fixed(idleBeforeLoad.memory.with.rss, 1)} / ${fixed(idleAfterLoad.memory.with.rss, 1)} MiB`)
    return { rounds, idleBeforeLoad, afterLoad, idleAfterLoad }
  } finally {
    await Promise.all(Object.values(sites).map(site => site.stop()))
  }
}

/** Each side's figure as the median over the pairs, and the per-pair values. */
function overPairs (values: Record<Side, number>[]): Record<Side, number> & { pairs: Record<Side, number>[] } {
  return { without: median(values.map(v => v.without)), with: median(values.map(v => v.with)), pairs: values }
}

/** Idle CPU per second over the pairs: each side's median, and the median of the pairs' differences. */
function idleOverPairs (windows: IdleCpu[]) {
  return { ...overPairs(windows.map(({ without, with: wired }) => ({ without, with: wired }))), added: median(windows.map(w => w.with - w.without)), slices: windows.map(w => w.slices) }
}

/** Resident memory over the pairs: each side's median, and the median of the pairs' differences (what the package adds). */
function memoryOverPairs (memories: Record<Side, { rss: number, peak: number }>[]) {
  return { ...overPairs(memories.map(m => ({ without: m.without.rss, with: m.with.rss }))), added: median(memories.map(m => m.with.rss - m.without.rss)), peak: overPairs(memories.map(m => ({ without: m.without.peak, with: m.with.peak }))) }
}

async function main (): Promise<void> {
  await rm(varDir, { recursive: true, force: true })
  await mkdir(varDir, { recursive: true })
  const built = await prepareFolders()
  await build(built)
  const dirs = await withControl(built)

  const seeding = await startSite('with', built.with)
  await firstAnswer(seeding)
  const posts = await seed(seeding.url)
  await seeding.stop()
  // The database as the wired site left it, with the log it may not have folded back in.
  // Every served folder but the wired one, whose database it is: the plain starter, the control or both.
  for (const dir of [dirs.without, dirs.with].filter(dir => dir !== built.with)) {
    for (const file of ['keystone.db', 'keystone.db-wal']) {
      await rm(path.join(dir, file), { force: true })
      if (existsSync(path.join(built.with, file))) await copyFile(path.join(built.with, file), path.join(dir, file))
    }
  }

  console.log(`[bench:host] ${STARTS} starts of each, alternating`)
  const starts: Record<Side, { firstAnswerMs: number, rssMiB: number }[]> = { without: [], with: [] }
  for (let n = 0; n < STARTS; n++) {
    for (const side of (n % 2 === 0 ? ['without', 'with'] : ['with', 'without']) as Side[]) {
      const site = await startSite(side, dirs[side])
      const firstAnswerMs = await firstAnswer(site)
      // What it holds once started and answering, before any load.
      await new Promise(resolve => setTimeout(resolve, 2000))
      starts[side].push({ firstAnswerMs, rssMiB: (await memoryMiB(site.pid)).rss })
      await site.stop()
    }
  }

  const pairs: PairResult[] = []
  for (let pair = 0; pair < PAIRS; pair++) pairs.push(await servePair(dirs, posts, pair))

  const rounds = pairs.flatMap(p => p.rounds)
  const targets = [...new Set(rounds.map(pair => pair[0]!.target))]
  const summaryOf = (of: Round[][]) => targets.map(target => {
    const { baseline, subject, ...ratios } = pairedMedians(of, target, 'without', 'with')
    return { target, without: baseline, with: subject, ...ratios }
  })
  const summary = summaryOf(rounds)
  const startOf = (side: Side) => ({ firstAnswerMs: median(starts[side].map(s => s.firstAnswerMs)), rssMiB: median(starts[side].map(s => s.rssMiB)) })
  const memory = {
    beforeLoad: memoryOverPairs(pairs.map(p => p.idleBeforeLoad.memory)),
    rightAfterLoad: memoryOverPairs(pairs.map(p => p.afterLoad)),
    afterLoad: memoryOverPairs(pairs.map(p => p.idleAfterLoad.memory)),
  }
  const idleCpu = {
    beforeLoad: { settling: idleOverPairs(pairs.map(p => p.idleBeforeLoad.settling)), settled: idleOverPairs(pairs.map(p => p.idleBeforeLoad.settled)) },
    afterLoad: { settling: idleOverPairs(pairs.map(p => p.idleAfterLoad.settling)), settled: idleOverPairs(pairs.map(p => p.idleAfterLoad.settled)) },
  }
  const report = {
    at: new Date().toISOString(),
    conditions: { control: CONTROL ?? null, pairs: PAIRS, rounds: ROUNDS, roundSeconds: ROUND_SECONDS, connections: CONNECTIONS, idleSeconds: IDLE_SECONDS, idleSettleSeconds: IDLE_SETTLE_SECONDS, starts: STARTS, loadAverage: loadavg(), cpus: availableParallelism(), node: process.version },
    summary,
    summaryByPair: pairs.map(p => summaryOf(p.rounds)),
    start: { without: startOf('without'), with: startOf('with') },
    memory,
    idleCpu,
    rounds: pairs.map(p => p.rounds),
  }
  const [load1, load5] = loadavg()
  const mib = (value: number) => fixed(value, 1)
  const perPair = (values: Record<Side, number>[], digits = 1) => values.map(v => signed(v.with - v.without, digits)).join(', ')
  const idleLine = (when: string, idle: ReturnType<typeof idleOverPairs>) =>
    `${when}: without ${fixed(idle.without)} ms/s, with ${fixed(idle.with)} ms/s (${signed(idle.added)}; pairs ${perPair(idle.pairs)})`
  console.log([
    '',
    `Keystone's starter without and with the control plane${controlNote()}: ${PAIRS} pairs of processes, each ${ROUNDS} alternating rounds of ${ROUND_SECONDS} s, ${CONNECTIONS} connections; medians of all the paired rounds and over the pairs`,
    `load average ${fixed(load1!)} (1 min), ${fixed(load5!)} (5 min) at the end, ${availableParallelism()} CPUs, Node ${process.version}`,
    '',
    ...summary.map(s => `${s.target}: without ${fixed(s.without.requestsPerSecond, 0)} req/s, ${fixed(s.without.cpuMsPerRequest, 3)} ms CPU/req; ` +
      `with ${fixed(s.with.requestsPerSecond, 0)} req/s, ${fixed(s.with.cpuMsPerRequest, 3)} ms CPU/req; ` +
      `throughput ${fixed(s.throughputRatio)}×, CPU efficiency ${fixed(s.cpuEfficiencyRatio)}× (target ≥ 0.97× each); ` +
      `pairs ${report.summaryByPair.map(p => p.find(t => t.target === s.target)!).map(t => `${fixed(t.throughputRatio)}/${fixed(t.cpuEfficiencyRatio)}`).join(', ')}`),
    `first answer after spawn: without ${fixed(report.start.without.firstAnswerMs, 0)} ms, with ${fixed(report.start.with.firstAnswerMs, 0)} ms ` +
      `(${signed(report.start.with.firstAnswerMs - report.start.without.firstAnswerMs, 0)} ms; target ≤ +500)`,
    `resident memory once started and settled: without ${mib(memory.beforeLoad.without)} MiB, with ${mib(memory.beforeLoad.with)} MiB ` +
      `(${signed(memory.beforeLoad.added, 1)}; target ≤ +40 MB; pairs ${perPair(memory.beforeLoad.pairs)}); ` +
      `2 s after the first answer ${mib(report.start.without.rssMiB)} / ${mib(report.start.with.rssMiB)} MiB ` +
      `(${signed(report.start.with.rssMiB - report.start.without.rssMiB, 1)}); right after the load ${mib(memory.rightAfterLoad.without)} / ${mib(memory.rightAfterLoad.with)} MiB, ` +
      `settled ${mib(memory.afterLoad.without)} / ${mib(memory.afterLoad.with)} MiB (${signed(memory.afterLoad.added, 1)}; pairs ${perPair(memory.afterLoad.pairs)}); ` +
      `peak ${mib(memory.afterLoad.peak.without)} / ${mib(memory.afterLoad.peak.with)} MiB`,
    `idle CPU, settled (${IDLE_SECONDS} s after ${IDLE_SETTLE_SECONDS} s; target ≤ +1 ms/s): ${idleLine('before any load', idleCpu.beforeLoad.settled)}; ${idleLine('after the load', idleCpu.afterLoad.settled)}`,
    `idle CPU, settling (the first ${IDLE_SETTLE_SECONDS} s): ${idleLine('before any load', idleCpu.beforeLoad.settling)}; ${idleLine('after the load', idleCpu.afterLoad.settling)}`,
  ].join('\n'))
  await mkdir(path.join(ROOT, 'var/bench'), { recursive: true })
  await writeFile(path.join(ROOT, 'var/bench/host-cost.json'), JSON.stringify(report, null, 2))
}

await main()
