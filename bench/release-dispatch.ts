/**
 * `npm run bench:release` (and the last part of `npm run bench`): dispatch with no OpenTelemetry SDK registered, this tree against the
 * previous release (releases.json), measured in the same run — issue 55's "no SDK costs nothing
 * measurable" against dispatch as it was before the control plane traced itself.
 *
 * Both are the second host (hosts/second) as a site installs the package: the previous release's
 * tarball (built from its commit, test/support/release-tarball.ts) into the site as it stood at that
 * release, this tree's packed package into the site as committed now; each built (`--no-ui`),
 * migrated, given an administrator and a key by the package's CLI, seeded with ten CRM slots through
 * its API, and started in production (`keystone start --no-ui`) on a SQLite file of its own, neither
 * registering an SDK. Then `dispatch crm.list` and `dispatch variables.set` are loaded on each in
 * `BENCH_ROUNDS` rounds of `BENCH_ROUND_SECONDS` seconds at `BENCH_CONNECTIONS` connections, which
 * site goes first flipping every round; each site's CPU time per request comes from `/proc/<pid>/stat`.
 * The figures that count are the medians of the rounds' paired ratios (this tree / previous): a busy
 * moment of the shared machine falls on both sides of a pair. Kept in var/bench/release-dispatch.json.
 * `BENCH_ONLY` chooses among its targets (`dispatch crm.list against the previous release`, …) as
 * bench/dispatch.ts does; when it chooses none, nothing is installed.
 */
import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { availableParallelism, loadavg } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { load, loadProblems, type LoadRequest } from './lib/load.ts'
import { chosenBy, positiveInteger } from './lib/env.ts'
import { cpuMs } from './lib/process-cpu.ts'
import { pairedMedians } from './lib/paired-rounds.ts'
import { packedPackage } from '../test/support/packed-package.ts'
import { currentVersion, previousRelease, releaseTarball } from '../test/support/release-tarball.ts'
import { startInstalledSite, type InstalledSite } from '../test/support/installed-site.ts'

const ROUNDS = positiveInteger('BENCH_ROUNDS', 6)
const ROUND_SECONDS = positiveInteger('BENCH_ROUND_SECONDS', 4)
const CONNECTIONS = positiveInteger('BENCH_CONNECTIONS', 10)
const CRM_ROWS = 10
const VARIABLES = 50
const MINUTE = 60_000
const ROOT = process.cwd()
const WORK = path.join(ROOT, 'var/bench/release-dispatch')
const KEYSTONE = path.join(ROOT, 'node_modules/@keystone-6/core/bin/cli.js')
const ADMIN = { email: 'bench@second.test', password: `pw-${randomBytes(12).toString('hex')}` }
const execFileAsync = promisify(execFile)
const chosen = chosenBy('BENCH_ONLY')

type Side = 'previous' | 'current'
type Site = InstalledSite & { side: Side, dir: string, key: string }
type Round = { target: string, side: Side, requestsPerSecond: number, cpuMsPerRequest: number }

const { NODE_OPTIONS: _loader, NODE_ENV: _mode, ...inherited } = process.env
const env: NodeJS.ProcessEnv = {
  ...inherited,
  NEXT_TELEMETRY_DISABLED: '1',
  PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? process.execPath,
  DATABASE_URL: 'file:./var/bench.db',
  SESSION_SECRET: randomBytes(32).toString('base64'),
  SVC_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
  // Every call counted, none refused: the limit is the same work on both sides.
  SVC_RATE_LIMIT_PER_MINUTE: '100000000',
}
const run = (dir: string, file: string, args: string[]) => execFileAsync(file, args, { cwd: dir, env: { ...env, SVC_VAR_DIR: path.join(dir, 'var') }, maxBuffer: 64 * 1024 * 1024, timeout: 15 * MINUTE })
const cli = (dir: string, ...args: string[]) => run(dir, process.execPath, [path.join(dir, 'node_modules/.bin/svc-control-plane'), ...args])

/** hosts/second at `commit`, with `tarball` installed the documented way, built, migrated, with an administrator's key. */
async function installSite (side: Side, commit: string, tarball: string): Promise<{ dir: string, key: string }> {
  const tree = path.join(WORK, side)
  await rm(tree, { recursive: true, force: true })
  await mkdir(tree, { recursive: true })
  await execFileAsync('bash', ['-o', 'pipefail', '-c', `git archive ${commit} hosts/second | tar -x -C "${tree}"`], { cwd: ROOT })
  const dir = path.join(tree, 'hosts/second')
  await mkdir(path.join(dir, 'var'), { recursive: true })
  console.log(`[bench:release] ${side}: installing ${path.basename(tarball)} into hosts/second at ${commit.slice(0, 12)}`)
  await run(dir, 'npm', ['install', '--no-save', '--legacy-peer-deps', '--no-audit', '--no-fund', tarball])
  await run(dir, process.execPath, [KEYSTONE, 'build', '--no-ui'])
  await cli(dir, 'migrate')
  await cli(dir, 'create-admin', '--email', ADMIN.email, '--password', ADMIN.password)
  const minted = await cli(dir, 'mint-key', '--email', ADMIN.email, '--label', 'bench')
  return { dir, key: minted.stdout.trimEnd().split('\n').at(-1)! }
}

async function startSite (side: Side, dir: string, key: string): Promise<Site> {
  const site = await startInstalledSite({ what: `the ${side} site`, cwd: dir, keystone: KEYSTONE, env: { ...env, SVC_VAR_DIR: path.join(dir, 'var') }, adminUi: false })
  return { ...site, side, dir, key }
}

async function dispatch (site: Site, resource: string, action: string, params: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${site.url}/api/svc/v1/manage/dispatch`, { method: 'POST', headers: { authorization: `Bearer ${site.key}`, 'content-type': 'application/json' }, body: JSON.stringify({ resource, action, params }) })
  if (!res.ok) throw new Error(`${site.side} ${resource}.${action}: ${res.status} ${await res.text()}`)
}

/** Ten CRM slots to read and the variables the writes replace, through the site's own API. */
async function seed (site: Site): Promise<void> {
  for (let n = 1; n <= CRM_ROWS; n++) await dispatch(site, 'crm', 'create', { name: `Bench CRM ${n}`, url: `https://crm${n}.example.com` })
  for (let n = 1; n <= VARIABLES; n++) await dispatch(site, 'variables', 'set', { name: `bench.slot_${n}`, value: 0 })
}

const TARGETS = ['dispatch crm.list', 'dispatch variables.set'].filter(target => chosen(`${target} against the previous release`))

const requestsOf = (site: Site): Record<string, LoadRequest> => {
  const headers = { authorization: `Bearer ${site.key}`, 'content-type': 'application/json' }
  const all: Record<string, LoadRequest> = {
    'dispatch crm.list': { url: `${site.url}/api/svc/v1/manage/dispatch`, method: 'POST', headers, body: '{"resource":"crm","action":"list","params":{}}' },
    'dispatch variables.set': {
      url: `${site.url}/api/svc/v1/manage/dispatch`,
      method: 'POST',
      headers,
      body: '{"resource":"variables","action":"set","params":{"name":"bench.slot_{{slot}}","value":{{seq}}}}',
      writes: { slots: VARIABLES },
    },
  }
  return Object.fromEntries(TARGETS.map(target => [target, all[target]!]))
}

async function measure (site: Site, target: string, request: LoadRequest, seconds: number): Promise<Round> {
  const before = await cpuMs(site.pid)
  const result = await load(request, { connections: CONNECTIONS, seconds })
  const cpu = await cpuMs(site.pid) - before
  const problems = loadProblems(result)
  if (problems.length > 0) throw new Error(`${target} on the ${site.side} site: ${problems.join('; ')}`)
  return { target, side: site.side, requestsPerSecond: result.requests.total / result.duration, cpuMsPerRequest: cpu / result.requests.total }
}

const fixed = (value: number, digits = 2) => value.toFixed(digits)

async function main (): Promise<void> {
  if (TARGETS.length === 0) return console.log('[bench:release] BENCH_ONLY chooses none of its targets')
  const previous = previousRelease()
  const head = (await execFileAsync('git', ['rev-parse', 'HEAD'], { cwd: ROOT })).stdout.trim()
  const installed = {
    previous: await installSite('previous', previous.commit, await releaseTarball(previous, env)),
    current: await installSite('current', head, await packedPackage(env)),
  }
  const sites = {} as Record<Side, Site>
  try {
    for (const side of ['previous', 'current'] as Side[]) {
      sites[side] = await startSite(side, installed[side].dir, installed[side].key)
      await seed(sites[side])
    }
    const requests = { previous: requestsOf(sites.previous), current: requestsOf(sites.current) }
    const targets = TARGETS
    console.log('[bench:release] warming up')
    for (const target of targets) for (const side of ['previous', 'current'] as Side[]) await measure(sites[side], target, requests[side][target]!, 2)
    const rounds: Round[][] = []
    for (let round = 0; round < ROUNDS; round++) {
      const order: Side[] = round % 2 === 0 ? ['previous', 'current'] : ['current', 'previous']
      for (const target of targets) {
        const pair: Round[] = []
        for (const side of order) pair.push(await measure(sites[side], target, requests[side][target]!, ROUND_SECONDS))
        rounds.push(pair)
        console.log(`round ${round + 1} ${target}: ${pair.map(r => `${r.side} ${fixed(r.requestsPerSecond, 0)} req/s ${fixed(r.cpuMsPerRequest, 3)} ms CPU/req`).join(', ')}`)
      }
    }
    const summary = targets.map(target => {
      const { baseline, subject, ...ratios } = pairedMedians(rounds, target, 'previous', 'current')
      return { target, previous: baseline, current: subject, ...ratios }
    })
    const [load1, load5] = loadavg()
    console.log([
      '',
      `dispatch with no OpenTelemetry SDK: this tree (${currentVersion()}, ${head.slice(0, 12)}) against ${previous.version} (${previous.commit.slice(0, 12)}), ` +
        `${ROUNDS} alternating rounds of ${ROUND_SECONDS} s, ${CONNECTIONS} connections, medians of the paired rounds`,
      `load average ${fixed(load1!)} (1 min), ${fixed(load5!)} (5 min) at the end, ${availableParallelism()} CPUs, Node ${process.version}`,
      '',
      ...summary.map(s => `${s.target}: ${previous.version} ${fixed(s.previous.requestsPerSecond, 0)} req/s, ${fixed(s.previous.cpuMsPerRequest, 3)} ms CPU/req; ` +
        `this tree ${fixed(s.current.requestsPerSecond, 0)} req/s, ${fixed(s.current.cpuMsPerRequest, 3)} ms CPU/req; ` +
        `throughput ${fixed(s.throughputRatio)}×, CPU efficiency ${fixed(s.cpuEfficiencyRatio)}× (1× within noise: no cost)`),
    ].join('\n'))
    await writeFile(path.join(ROOT, 'var/bench/release-dispatch.json'), JSON.stringify({
      at: new Date().toISOString(),
      previous, current: { version: currentVersion(), commit: head },
      conditions: { rounds: ROUNDS, roundSeconds: ROUND_SECONDS, connections: CONNECTIONS, loadAverage: loadavg(), cpus: availableParallelism(), node: process.version },
      summary,
      rounds,
    }, null, 2))
  } finally {
    await Promise.all(Object.values(sites).map(site => site.stop()))
  }
}

await main()
