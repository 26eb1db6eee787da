import { beforeAll, describe, expect, test } from '@jest/globals'
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { useTestServer } from './support/in-process-server.ts'
import type { TestAccount } from './support/accounts.ts'
import { graphql, sessionCookie } from './support/session-client.ts'
import { createTestDatabase, openPrisma } from './support/database.ts'
import { migrate } from '../packages/control-plane/src/platform/db/migrate.ts'
import { resolveDatabase } from '../packages/control-plane/src/platform/db/database-url.ts'
import { ensureFirstAdministrator } from '../scripts/lib/accounts.ts'

const run = promisify(execFile)
const plane = useTestServer()
let subscriber: TestAccount
let editor: TestAccount

beforeAll(async () => {
  subscriber = await plane.account('subscriber')
  editor = await plane.account('editor')
})

const createAdmin = (...args: string[]) => run(process.execPath, ['--import', 'tsx', 'scripts/cli.ts', 'create-admin', ...args], {
  env: { ...process.env, DATABASE_URL: plane.server.databaseUrl, NODE_OPTIONS: '' },
})

const USERS = '{ users { id email role } usersCount }'

describe('host accounts through GraphQL (what the Admin UI reads)', () => {
  test.each(['subscriber', 'editor'] as const)('a %s reads only its own User item', async role => {
    const account = role === 'subscriber' ? subscriber : editor
    const cookie = await sessionCookie(plane.server.app, account.email, account.password)
    const res = await graphql(plane.server.app, USERS, {}, cookie)
    expect(res.body.data).toEqual({ users: [{ id: account.id, email: account.email, role }], usersCount: 1 })
    const other = await graphql(plane.server.app, 'query ($id: ID!) { user(where: { id: $id }) { email role } }', { id: plane.admin.id }, cookie)
    expect(other.body.data).toEqual({ user: null })
    const byEmail = await graphql(plane.server.app, 'query ($e: String!) { users(where: { email: { equals: $e } }) { id } }', { e: plane.admin.email }, cookie)
    expect(byEmail.body.data).toEqual({ users: [] })
  })

  test('an administrator reads every account', async () => {
    const cookie = await sessionCookie(plane.server.app, plane.admin.email, plane.admin.password)
    const res = await graphql(plane.server.app, USERS, {}, cookie)
    expect(res.body.data.users.map((user: { id: string }) => user.id)).toEqual(expect.arrayContaining([plane.admin.id, subscriber.id, editor.id]))
  })

  test('without a session nothing is read', async () => {
    const res = await graphql(plane.server.app, USERS)
    expect(res.body.data).toEqual({ users: [], usersCount: 0 })
  })
})

describe('an e-mail an account gives itself does not make it an administrator', () => {
  test('create-admin refuses to promote an existing non-administrator without --promote, and says so', async () => {
    // Its own subscriber: the promotion would change what the shared one reads in the other tests.
    const subscriber = await plane.account('subscriber')
    const cookie = await sessionCookie(plane.server.app, subscriber.email, subscriber.password)
    const claimed = 'future-admin@example.test'
    const changed = await graphql(plane.server.app, 'mutation ($id: ID!, $e: String!) { updateUser(where: { id: $id }, data: { email: $e }) { email role } }', { id: subscriber.id, e: claimed }, cookie)
    expect(changed.body.data).toEqual({ updateUser: { email: claimed, role: 'subscriber' } })

    await expect(createAdmin('--email', claimed, '--password', 'the operators passphrase')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining(`${claimed} belongs to an existing subscriber account; nothing was changed`),
    })
    await expect(createAdmin('--email', claimed, '--password', 'the operators passphrase')).rejects.toMatchObject({ stderr: expect.stringContaining('--promote') })
    expect(await plane.server.db.user.findUniqueOrThrow({ where: { id: subscriber.id } })).toMatchObject({ role: 'subscriber' })

    const promoted = await createAdmin('--email', claimed, '--password', 'the operators passphrase', '--promote')
    expect(promoted.stdout).toContain(`promoted ${claimed} from subscriber to administrator`)
    expect(await plane.server.db.user.findUniqueOrThrow({ where: { id: subscriber.id } })).toMatchObject({ role: 'administrator' })
    // The first call of `npm run cli` builds the host when no file has yet for this provider
    // (scripts/cli.ts, ensureBuilt): on PostgreSQL in CI, beside other builds, that took past two minutes.
  }, 5 * 60_000)

  test('npm start does not make an existing account its first administrator either', async () => {
    const database = await createTestDatabase()
    await migrate(resolveDatabase(database.url))
    const db = openPrisma(database.url)
    try {
      const claimed = await db.user.create({ data: { email: 'first-admin@example.test', name: 'Claimer', role: 'subscriber', password: 'unused' } })
      await expect(ensureFirstAdministrator(db, { SVC_ADMIN_EMAIL: claimed.email })).rejects.toThrow('is not promoted on its own')
      expect(await db.user.findUniqueOrThrow({ where: { id: claimed.id } })).toMatchObject({ role: 'subscriber', password: 'unused' })
    } finally {
      await db.$disconnect()
      await database.drop()
    }
  })

  test('an account cannot give itself the administrator role', async () => {
    const cookie = await sessionCookie(plane.server.app, editor.email, editor.password)
    const res = await graphql(plane.server.app, 'mutation ($id: ID!) { updateUser(where: { id: $id }, data: { role: "administrator" }) { role } }', { id: editor.id }, cookie)
    expect(res.body.errors?.length).toBeGreaterThan(0)
    expect(await plane.server.db.user.findUniqueOrThrow({ where: { id: editor.id } })).toMatchObject({ role: 'editor' })
  })
})
