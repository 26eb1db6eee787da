import { hostClient } from './support/in-process-server.ts'
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { createTestDatabase, openPrisma, testProvider, type TestDatabase } from './support/database.ts'
import { verifyPassword } from '../schema/password-kdf.ts'
import { digestSecret, parseKey } from '../packages/control-plane/src/platform/auth/api-key-format.ts'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { SecretBox, keyIdOf } from '../packages/control-plane/src/platform/secrets/secret-box.ts'
import { bindTo } from '../packages/control-plane/src/platform/secrets/sealed-column.ts'
import { CRM_API_KEY } from '../packages/control-plane/src/resources/crm/sealed-columns.ts'
import { generateMigrations } from '../packages/control-plane/src/doors/cli/generate.ts'
import { datamodelSnapshotPath } from '../packages/control-plane/src/platform/db/migrations.ts'
import { FIRST_RELEASE, PRODUCT_VERSION } from '../packages/control-plane/src/platform/version.ts'

const run = promisify(execFile)
/** Each call starts a process that loads the host's built bundle: seconds alone, tens of seconds on a busy two-core machine. */
const CLI_TEST_TIMEOUT = 150_000
let database: TestDatabase
const cliEnv = (extra: NodeJS.ProcessEnv = {}) => ({ ...process.env, DATABASE_URL: database.url, NODE_OPTIONS: '', ...extra })
/**
 * The package's own command line, compiled, as a site runs it (`npx svc-control-plane`, here in
 * the demo host's folder). The host's `npm run cli` wraps the same `main` after checking the build
 * (three processes through tsx); the first test goes through it, and CI's first step runs the
 * README's `npm run cli -- mint-key` line.
 */
const cli = (...args: string[]) => run(process.execPath, ['packages/control-plane/bin/svc-control-plane.js', ...args], { env: cliEnv() })
const npmRunCli = (...args: string[]) => run(process.execPath, ['--import', 'tsx', 'scripts/cli.ts', ...args], { env: cliEnv() })

beforeAll(async () => { database = await createTestDatabase() })
afterAll(async () => database.drop())

describe('cli', () => {
  test('create-admin creates an administrator with an argon2id password (through `npm run cli`)', async () => {
    const { stdout } = await npmRunCli('create-admin', '--email', 'ops@example.test', '--password', 'correct horse battery')
    expect(stdout).toContain('ops@example.test')
    const db = openPrisma(database.url)
    const user = await hostClient(db).user.findUniqueOrThrow({ where: { email: 'ops@example.test' } })
    await db.$disconnect()
    expect(user.role).toBe('administrator')
    expect(user.password).toMatch(/^\$argon2id\$/)
    expect(await verifyPassword('correct horse battery', user.password)).toBe(true)
  }, CLI_TEST_TIMEOUT)

  test('mint-key prints the key alone on the last line, and stores only its digest', async () => {
    await cli('create-admin', '--email', 'deploy@example.test', '--password', 'another long passphrase')
    // --identity is the host-neutral name of what --email gives on a site whose accounts sign in by e-mail.
    const { stdout } = await cli('mint-key', '--identity', 'deploy@example.test', '--label', 'deploy bot')
    const lastLine = stdout.trimEnd().split('\n').at(-1)!
    const parsed = parseKey(lastLine)
    expect(parsed).not.toBeNull()
    const db = openPrisma(database.url)
    const key = await db.svcApiKey.findUniqueOrThrow({ where: { publicId: parsed!.publicId } })
    await db.$disconnect()
    expect(key.label).toBe('deploy bot')
    expect(key.secretDigest).toBe(digestSecret(parsed!.secret))
    // The first administrator's key follows the site's maximum lifetime too.
    expect(key.expiresAt!.getTime() - Date.now()).toBeGreaterThan(89 * 24 * 3600_000)
    expect(key.expiresAt!.getTime() - Date.now()).toBeLessThanOrEqual(90 * 24 * 3600_000)
  }, CLI_TEST_TIMEOUT)

  test('mint-key refuses a lifetime beyond the site\'s maximum (SVC_API_KEY_MAX_EXPIRY_DAYS)', async () => {
    await cli('create-admin', '--email', 'long@example.test', '--password', 'a long enough passphrase')
    await expect(cli('mint-key', '--email', 'long@example.test', '--label', 'forever', '--expires-in-days', '91')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('--expires-in-days: at most 90 days on this site, got 91'),
    })
  }, CLI_TEST_TIMEOUT)

  test('mint-key --pinned-version mints a key whose calls pin that version; one this build cannot serve is refused and nothing is minted', async () => {
    await cli('create-admin', '--email', 'pinned@example.test', '--password', 'a pinned passphrase')
    const { stdout } = await cli('mint-key', '--email', 'pinned@example.test', '--label', 'pinned bot', '--pinned-version', FIRST_RELEASE)
    const parsed = parseKey(stdout.trimEnd().split('\n').at(-1)!)
    const newer = `${PRODUCT_VERSION.split('.')[0]}.${Number(PRODUCT_VERSION.split('.')[1]) + 1}.000`
    await expect(cli('mint-key', '--email', 'pinned@example.test', '--label', 'pinned ahead', '--pinned-version', newer)).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining(`--pinned-version ${newer}: it is newer than the installed version; this site runs ${PRODUCT_VERSION}`),
    })
    const db = openPrisma(database.url)
    const keys = await db.svcApiKey.findMany({ where: { label: { in: ['pinned bot', 'pinned ahead'] } } })
    await db.$disconnect()
    expect(keys.map(key => [key.publicId, key.pinnedVersion])).toEqual([[parsed!.publicId, FIRST_RELEASE]])
  }, CLI_TEST_TIMEOUT)

  test('mint-key for an unknown account fails with a clear message', async () => {
    await expect(cli('mint-key', '--email', 'nobody@example.test', '--label', 'x')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('no account with e-mail nobody@example.test'),
    })
  }, CLI_TEST_TIMEOUT)

  test('create-admin leaves an account of another role alone unless --promote is given, then promotes it', async () => {
    const db = openPrisma(database.url)
    await hostClient(db).user.create({ data: { email: 'writer@example.test', name: 'Writer', password: 'unused', role: 'editor' } })
    await db.$disconnect()
    await expect(cli('create-admin', '--email', 'writer@example.test', '--password', 'a brand new passphrase')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('writer@example.test belongs to an existing editor account; nothing was changed'),
    })
    const { stdout } = await cli('create-admin', '--email', 'writer@example.test', '--password', 'a brand new passphrase', '--promote')
    expect(stdout).toContain('promoted writer@example.test from editor to administrator')
    const check = openPrisma(database.url)
    const user = await hostClient(check).user.findUniqueOrThrow({ where: { email: 'writer@example.test' } })
    await check.$disconnect()
    expect(user.role).toBe('administrator')
    expect(await verifyPassword('a brand new passphrase', user.password)).toBe(true)
  }, CLI_TEST_TIMEOUT)

  test('npm run migrate reports a migrated database as up to date', async () => {
    await cli('create-admin', '--email', 'ops@example.test', '--password', 'correct horse battery')
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/migrate.ts'], { env: cliEnv() })
    expect(stdout).toMatch(/^(sqlite|postgresql) database is up to date \(\d+ migrations\)$/m)
  }, CLI_TEST_TIMEOUT)

  test('rotate-encryption-key re-seals stored secrets with the first key of SVC_ENCRYPTION_KEYS; the old key can then go', async () => {
    const [oldKey, newKey] = [randomBytes(32), randomBytes(32)]
    await cli('create-admin', '--email', 'rotator@example.test', '--password', 'rotating passphrase')
    const db = openPrisma(database.url)
    const slot = 901
    await db.svcCrmSlot.create({ data: { slot, name: 'Rotated CRM', apiKeyCiphertext: new SecretBox([oldKey]).seal('crm-key', bindTo(CRM_API_KEY, slot)) } })
    const rotate = (keys: Buffer[], ...args: string[]) => run(process.execPath, ['packages/control-plane/bin/svc-control-plane.js', 'rotate-encryption-key', ...args], {
      env: cliEnv({ SVC_ENCRYPTION_KEYS: keys.map(key => key.toString('hex')).join(',') }),
    })
    try {
      await expect(rotate([newKey, oldKey], '--batch-size', '0')).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('--batch-size') })
      const { stdout } = await rotate([newKey, oldKey], '--batch-size', '1')
      expect(stdout).toContain(`re-sealed 1 of 1 stored secrets with key ${keyIdOf(newKey)}`)
      const sealed = (await db.svcCrmSlot.findUniqueOrThrow({ where: { slot } })).apiKeyCiphertext!
      expect(new SecretBox([newKey]).open(sealed, bindTo(CRM_API_KEY, slot))).toBe('crm-key')
      expect((await rotate([newKey])).stdout).toContain('re-sealed 0 of 1')
    } finally {
      await db.$disconnect()
    }
  }, 120_000)

  test('the command line runs with the options keystone.ts exports, resolved against the built config as withControlPlane resolved them', async () => {
    // The host's bundle (.keystone/config.js) holds its own copy of the package; a process of its own reads it with the sources', as the CLI does.
    const read = `
      import { loadBuiltHost, openHost } from './packages/control-plane/src/doors/cli/host.ts'
      const host = openHost(process.cwd())
      const { options } = host
      await host.close()
      const given = loadBuiltHost(process.cwd()).controlPlaneOptions
      console.log(JSON.stringify({ basePath: options.basePath, accounts: options.host.accounts.list, sealed: options.sealedColumns.length > 2, extensions: given.extensions?.map(resource => resource.name) }))`
    const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', read], {
      env: { ...process.env, DATABASE_URL: database.url, NODE_OPTIONS: '' },
    })
    expect(JSON.parse(stdout.trim().split('\n').at(-1)!)).toEqual({ basePath: '/api/svc/v1', accounts: 'User', sealed: true, extensions: ['notes'] })
  }, CLI_TEST_TIMEOUT)

  test('a built config whose keystone.ts exports no controlPlaneOptions stops the command line with the line to add', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'svc-cli-unexported-'))
    try {
      await mkdir(path.join(folder, '.keystone'))
      await writeFile(path.join(folder, '.keystone/config.js'), 'module.exports = { default: { db: { provider: "sqlite" }, lists: {} } }\n')
      const { loadBuiltHost } = await import('../packages/control-plane/src/doors/cli/host.ts')
      expect(() => loadBuiltHost(folder)).toThrow(/exports no controlPlaneOptions: export the options it passes to withControlPlane/)
    } finally {
      await rm(folder, { recursive: true, force: true })
    }
  })

  test('a missing option prints the usage and fails', async () => {
    await expect(cli('create-admin', '--email', 'a@example.test')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('--password is required'),
    })
    await expect(cli('mint-key', '--label', 'x')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('--identity is required: what the account signs in by (--email where that is an e-mail)'),
    })
  }, CLI_TEST_TIMEOUT)

  test('--identity and --email naming two accounts are refused before anything is opened', async () => {
    await expect(cli('mint-key', '--identity', 'a@example.test', '--email', 'b@example.test', '--label', 'x')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('--identity and --email name two accounts: give one of them'),
    })
  }, CLI_TEST_TIMEOUT)
})

describe('migrations generate on one provider', () => {
  const snapshot = (provider: 'sqlite' | 'postgresql') => readFile(datamodelSnapshotPath(provider), 'utf8')

  // It opens a SQLite scratch database whatever the suite's provider: the SQLite run proves it, and
  // the PostgreSQL run's Node has no better-sqlite3 binding of its own (docs/testing.md "CI").
  ;(testProvider === 'sqlite' ? test : test.skip)('a site on SQLite alone generates without a scratch PostgreSQL; both providers need one', async () => {
    const previous = process.env.SVC_MIGRATIONS_PG_URL
    delete process.env.SVC_MIGRATIONS_PG_URL
    try {
      const lines: string[] = []
      await generateMigrations('nothing_new', snapshot, line => lines.push(line), ['sqlite'])
      expect(lines).toEqual(['sqlite: no schema changes'])
      await expect(generateMigrations('nothing_new', snapshot, () => {})).rejects.toThrow(/SVC_MIGRATIONS_PG_URL.*--provider sqlite/)
    } finally {
      if (previous !== undefined) process.env.SVC_MIGRATIONS_PG_URL = previous
    }
  })
})
