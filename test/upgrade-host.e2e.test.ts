import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import { execFile } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { Webhook } from 'standardwebhooks'
import { exampleProblems, type Dispatch } from './support/example-runner.ts'
import { createTestDatabase, testProvider, type TestDatabase } from './support/database.ts'
import { deliver, standardHeaders, startReceiver, type Receiver } from './support/webhooks.ts'
import { packedPackage } from './support/packed-package.ts'
import { previousRelease, releaseTarball, type Release } from './support/release-tarball.ts'
import { createArticle, signInMember } from './support/second-host-site.ts'
import { keyDispatch, manifestOperations, shellEnv, startInstalledSite, type InstalledSite } from './support/installed-site.ts'
import type { Json } from './support/json.ts'
import { readUntil } from './support/eventually.ts'
import { freePort } from './support/loopback-peer.ts'

/**
 * An installed site upgraded from the previous release (releases.json) to this tree, on the suite's
 * database, exactly as docs/install.md "Upgrading" says: hosts/second as it stood at that release,
 * with that release's packed package installed, migrated and filled through its API; then the
 * current package installed the documented way (npm install, keystone build, migrations generate,
 * migrate, start). Everything must read back the same, the old key and secrets still work, every
 * lead chain verifies and every example runs.
 */
const SECOND = 1000
const MINUTE = 60 * SECOND
const ROOT = process.cwd()
const KEYSTONE = path.join(ROOT, 'node_modules/@keystone-6/core/bin/cli.js')
const PACKAGE = 'keystone-svc-control-plane'

const execFileAsync = promisify(execFile)

let release: Release
/** The site's folder: under the repository, so its peers resolve from the repository's node_modules as hosts/second's do. */
let site: string
let varDir: string
let database: TestDatabase | { url: string, drop (): Promise<void> }
/** PostgreSQL's `migrations generate` diffs on a scratch database. */
let scratch: TestDatabase | null = null
const secrets = { SESSION_SECRET: randomBytes(32).toString('base64'), SVC_ENCRYPTION_KEY: randomBytes(32).toString('hex') }
const admin = { email: 'upgrader@second.test', password: `pw-${randomBytes(12).toString('hex')}` }

const childEnv = (): NodeJS.ProcessEnv => shellEnv({
  DATABASE_URL: database.url, SVC_VAR_DIR: varDir, ...secrets, ...scratch ? { SVC_MIGRATIONS_PG_URL: scratch.url } : {},
})
const inSite = (file: string, args: string[]) => execFileAsync(file, args, { cwd: site, env: childEnv(), maxBuffer: 64 * 1024 * 1024 })
const cli = (...args: string[]) => inSite(process.execPath, [path.join(site, 'node_modules/.bin/svc-control-plane'), ...args])
const installed = async () => JSON.parse(await readFile(path.join(site, 'node_modules', PACKAGE, 'package.json'), 'utf8')) as { version: string }

/** The documented install of a package tarball, then `keystone build --no-ui`. */
async function installAndBuild (tarball: string): Promise<void> {
  await inSite('npm', ['install', '--no-save', '--legacy-peer-deps', '--no-audit', '--no-fund', tarball])
  await inSite(process.execPath, [KEYSTONE, 'build', '--no-ui'])
}

/** One address for both starts: the site's URL is part of what it answers (a team member's page). */
let port = 0
const startSite = () => startInstalledSite({ what: 'the upgraded site', cwd: site, keystone: KEYSTONE, env: childEnv(), adminUi: false, port })

let running: InstalledSite | undefined
let key = ''
const call = async (resource: string, action: string, params: Record<string, unknown> = {}, confirm?: boolean) => {
  const { status, body } = await keyDispatch(running!.url, key)({ resource, action, params, ...confirm ? { confirm } : {} })
  expect({ operation: `${resource}.${action}`, status, ok: body.ok, error: body.error }).toEqual({ operation: `${resource}.${action}`, status: startsJob(resource, action) ? 202 : 200, ok: true, error: null })
  return body.data
}
const startsJob = (resource: string, action: string) => `${resource}.${action}` === 'leads.start_verify_all'

/** Every record the site holds, read through the API: what must read back the same after the upgrade. */
const READS: [string, string, Record<string, unknown>][] = [
  ['crm', 'list', {}], ['users', 'list', {}], ['roles', 'list', {}], ['variables', 'list', {}],
  ['content_sources', 'list', {}], ['pipelines', 'list_recipes', {}], ['leads', 'list', {}],
  ['api_keys', 'list', {}], ['webhooks', 'list', {}], ['jobs', 'list', {}], ['integrations', 'list', {}],
  ['ai', 'get', {}], ['modules', 'list', {}],
]
/** Fields a read changes by itself: the key making the reads was used since. */
const MOVING = new Set(['last_used_at'])
const steady = (value: Json): Json => Array.isArray(value)
  ? value.map(steady)
  : value !== null && typeof value === 'object' ? Object.fromEntries(Object.entries(value).filter(([name]) => !MOVING.has(name)).map(([name, inner]) => [name, steady(inner)])) : value

/** Operations this release added to a module the previous release had (1.5.0: a call's change set read back and undone). */
const OPERATIONS_ADDED: Record<string, string[]> = { audit: ['audit.get', 'audit.revert'] }

/**
 * The reads of a release before a returned field or an operation was added, with that field as a
 * record made before it reads now: an API key minted before pins (1.5.0) pins nothing, and a
 * module lists the operations added to it.
 */
function withFieldsAddedSince (read: Record<string, Json>): Record<string, Json> {
  const keys = (read['api_keys.list'] as { keys: Record<string, Json>[] }).keys
  const { modules } = read['modules.list'] as { modules: Array<{ key: string, operations: string[] }> }
  return {
    ...read,
    'api_keys.list': { keys: keys.map(apiKey => ({ pinned_version: null, ...apiKey })) },
    'modules.list': { ...read['modules.list'] as object, modules: modules.map(module => ({ ...module, operations: [...module.operations, ...OPERATIONS_ADDED[module.key] ?? []].sort() })) },
  }
}

async function readEverything (): Promise<Record<string, Json>> {
  const read: Record<string, Json> = {}
  for (const [resource, action, params] of READS) read[`${resource}.${action}`] = steady(await call(resource, action, params))
  for (const { crm_num: crmNum } of (read['crm.list'] as { crms: { crm_num: string }[] }).crms) read[`crm.get ${crmNum}`] = await call('crm', 'get', { crm_num: crmNum })
  for (const { id } of (read['leads.list'] as { items: { id: number }[] }).items) read[`leads.get ${id}`] = await call('leads', 'get', { id })
  return read
}

/** What the old release was given, and what it answered, to check against the new one. */
const filled = { contentSource: { id: '', slug: '', secret: '' }, webhook: { id: '', secret: '' }, cliKey: '', mintedKey: '' }
let before: Record<string, Json>
let receiver: Receiver

async function fillEveryResource (): Promise<void> {
  const crm = await call('crm', 'create', { name: 'Sales CRM', url: 'https://crm.example.com' })
  await call('crm', 'set_secret', { crm_num: crm.crm_num, api_key: 'crm-upgrade-key-0123456789' })
  const member = await call('users', 'create', { first_name: 'Ida', last_name: 'Wells', email: 'ida@example.com' })
  const role = await call('roles', 'create', { name: 'Fact checkers', description: 'Review sourced claims.' })
  await call('roles', 'assign', { slug: role.slug, user_num: member.user_num })
  await call('variables', 'set', { name: 'site.tagline', value: { text: 'News that matters' } })
  await call('integrations', 'set_secret', { key: 'slack', secret: 'https://hooks.slack.com/services/T000/B000/upgrade' })
  await call('ai', 'update', { provider: 'anthropic', model: 'claude-sonnet-4-5', temperature: 0.3 })
  await call('ai', 'set_secret', { api_key: 'sk-upgrade-0123456789abcdef' })
  const source = await call('content_sources', 'create', { name: 'Partner newsroom', auth_mode: 'hmac' })
  filled.contentSource = { id: source.id as string, slug: source.slug as string, secret: source.secret as string }
  await call('pipelines', 'create_recipe', { name: 'Tidy on publish', stages: [{ type: 'normalize_headings' }], trigger: { on: ['publish'] } })
  for (const email of ['ada@example.com', 'grace@example.com']) {
    const lead = await call('leads', 'capture', { source: 'contact_form', campaign: 'upgrade', email, data: { company: 'Engines Ltd' } })
    await call('leads', 'set_status', { id: lead.id, status: 'Qualified' })
  }
  filled.mintedKey = (await call('api_keys', 'mint', { label: 'Dashboard', expires_in_days: 30, scopes: ['leads'], read_only: true })).key as string
  const webhook = await call('webhooks', 'create', { url: receiver.url, event_types: ['lead.*'], description: 'Lead intake' })
  filled.webhook = { id: webhook.id as string, secret: webhook.secret as string }
  const job = await call('leads', 'start_verify_all')
  // Its end is part of what the site holds: read once the worker ended it.
  const ended = await readUntil(() => call('jobs', 'get', { job_id: job.job_id }), read => !['queued', 'running'].includes(read.status as string), MINUTE)
  expect(ended).toMatchObject({ status: 'succeeded' })
}

beforeAll(async () => {
  release = previousRelease()
  port = await freePort()
  receiver = await startReceiver()
  varDir = await mkdtemp(path.join(tmpdir(), 'svc-upgrade-'))
  const sites = path.join(ROOT, 'var/upgrade')
  await mkdir(sites, { recursive: true })
  const tree = await mkdtemp(path.join(sites, 'site-'))
  // The site as it stood at the release: its config, lists and migrations.
  await execFileAsync('bash', ['-o', 'pipefail', '-c', `git archive ${release.commit} hosts/second | tar -x -C "${tree}"`], { cwd: ROOT })
  site = path.join(tree, 'hosts/second')
  await mkdir(path.join(site, 'var'), { recursive: true })
  database = testProvider === 'sqlite'
    ? { url: `file:./var/upgrade-${randomUUID()}.db`, drop: async () => undefined }
    : await createTestDatabase()
  if (testProvider !== 'sqlite') scratch = await createTestDatabase()

  await installAndBuild(await releaseTarball(release, childEnv()))
  await cli('migrate')
  await cli('create-admin', '--email', admin.email, '--password', admin.password, '--name', 'Upgrader')
  filled.cliKey = (await cli('mint-key', '--email', admin.email, '--label', 'upgrade suite')).stdout.trimEnd().split('\n').at(-1)!
  key = filled.cliKey
  running = await startSite()
  await fillEveryResource()
  before = await readEverything()
  await running.stop()

  // Docs/install.md "Upgrading", step by step.
  await installAndBuild(await packedPackage(childEnv()))
  await cli('migrations', 'generate', 'upgrade', '--provider', testProvider)
  await cli('migrate')
  running = await startSite()
}, 20 * MINUTE)

afterAll(async () => {
  await running?.stop()
  await receiver?.close()
  await database?.drop()
  await scratch?.drop()
  if (varDir) await rm(varDir, { recursive: true, force: true })
  if (site) await rm(path.dirname(path.dirname(site)), { recursive: true, force: true })
}, MINUTE)

describe(`an installed site upgraded from the previous release to this one (${testProvider})`, () => {
  test('the site runs the current package now: its version, and its CHANGELOG beside it', async () => {
    const current = JSON.parse(await readFile(path.join(ROOT, 'packages/control-plane/package.json'), 'utf8')) as { version: string }
    expect((await installed()).version).toBe(current.version)
    expect(release.version).not.toBe(current.version)
    expect(await readFile(path.join(site, 'node_modules', PACKAGE, 'CHANGELOG.md'), 'utf8')).toContain(`## ${current.version}`)
    const status = await call('status', 'get')
    expect(status.product_version).toBe(`${current.version.replace(/\.(\d+)$/, (_, patch: string) => `.${patch.padStart(3, '0')}`)}`)
  })

  test('migrations generate wrote what the schema needed, and migrate has nothing left to do', async () => {
    const migrations = (await readdir(path.join(site, 'migrations', testProvider))).filter(file => file.endsWith('.sql'))
    expect((await cli('migrate')).stdout).toContain(`${testProvider} database is up to date (${migrations.length} migrations)`)
  }, MINUTE)

  test('every record reads back the same, with the key its CLI minted under the previous release', async () => {
    expect(await readEverything()).toEqual(withFieldsAddedSince(before))
  }, MINUTE)

  test('the other old key still works within its scopes', async () => {
    const { status, body } = await keyDispatch(running!.url, filled.mintedKey)({ resource: 'leads', action: 'list', params: {} })
    expect([status, body.ok]).toEqual([200, true])
    const refused = await keyDispatch(running!.url, filled.mintedKey)({ resource: 'crm', action: 'list', params: {} })
    expect([refused.status, refused.body.code]).toEqual([403, 'forbidden'])
  })

  test('a delivery signed with the content source\'s old secret is accepted', async () => {
    const story = { headline: 'After the upgrade', body: '<p>The first story after the upgrade.</p>' }
    const held = await deliver(running!.url, filled.contentSource.slug, story, standardHeaders(filled.contentSource.secret, `msg_${randomUUID()}`, new Date(), story))
    expect([held.status, held.body.data?.status]).toEqual([202, 'held'])
    const forged = await deliver(running!.url, filled.contentSource.slug, story, standardHeaders(`whsec_${randomBytes(32).toString('base64')}`, `msg_${randomUUID()}`, new Date(), story))
    expect(forged.status).toBe(401)
  })

  test('a webhook sent now verifies with the subscription\'s old secret', async () => {
    const sent = await call('webhooks', 'test', { id: filled.webhook.id })
    expect(sent).toMatchObject({ delivered: true, http_status: 200 })
    const received = receiver.received.at(-1)!
    const verified = new Webhook(filled.webhook.secret).verify(received.body, received.headers as Record<string, string>)
    expect(verified).toMatchObject({ type: expect.any(String) })
  })

  test('every lead chain verifies, and the job of the previous release reads back done', async () => {
    expect(await call('leads', 'verify_all')).toMatchObject({ ok: true, leads: 2, broken_count: 0 })
    const jobs = (await call('jobs', 'list')).items as { kind: string, status: string }[]
    expect(jobs).toEqual([expect.objectContaining({ kind: 'leads.start_verify_all', status: 'succeeded' })])
  })

  test('every example of the upgraded site\'s manifest runs', async () => {
    const operations = await manifestOperations(running!.url, key)
    const signedIn = await signInMember(running!.url, admin.email, admin.password)
    const fixtures = { account: { id: signedIn.result?.item?.id }, post: { id: await createArticle(running!.url, signedIn.cookie ?? '', 'Upgrade fixture') } }
    const door: Dispatch = body => keyDispatch(running!.url, key)(body)
    expect(await exampleProblems(operations, door, fixtures)).toEqual([])
  }, 5 * MINUTE)

  test('the site\'s folder has nothing of this repository but the two tarballs\' package', () => {
    expect(existsSync(path.join(site, 'node_modules', PACKAGE, 'src'))).toBe(false)
  })
})
