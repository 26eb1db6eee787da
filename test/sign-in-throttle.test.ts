import { hostClient } from './support/server.ts'
import { describe, expect, test } from '@jest/globals'
import bcrypt from 'bcryptjs'
import { useTestServer } from './support/use-test-server.ts'
import { startTestServer } from './support/server.ts'
import { signIn } from './support/session-client.ts'

const WINDOW_MS = 15 * 60 * 1000
let clock = new Date('2026-06-01T10:00:00.000Z')
const advance = (ms: number) => { clock = new Date(clock.getTime() + ms) }
const plane = useTestServer({ clock: () => clock })

/** Starts each test at the beginning of a fresh window, so a lock lasts the whole window. */
const freshWindow = () => { clock = new Date((Math.floor(clock.getTime() / WINDOW_MS) + 2) * WINDOW_MS) }

const wrongPasswords = async (email: string, times: number) => {
  for (let i = 0; i < times; i++) expect(await signIn(plane.server.app, email, `wrong-${i}`)).toEqual({ ok: false, message: 'Authentication failed.' })
}

describe('password sign-in is throttled per account', () => {
  test('10 wrong passwords lock the account for the window; the right one is refused until it passes', async () => {
    freshWindow()
    const victim = await plane.account('administrator')
    const bystander = await plane.account('administrator')
    await wrongPasswords(victim.email, 10)

    const locked = await signIn(plane.server.app, victim.email, victim.password)
    expect(locked.ok).toBe(false)
    expect(locked).toMatchObject({ message: expect.stringMatching(/^Too many sign-in attempts\. Try again in \d+ seconds\.$/) })
    const wait = Number(/in (\d+) seconds/.exec((locked as { message: string }).message)![1])
    expect(wait).toBeGreaterThan(0)
    expect(wait).toBeLessThanOrEqual(WINDOW_MS / 1000)
    expect((await signIn(plane.server.app, victim.email.toUpperCase(), victim.password)).ok).toBe(false)

    expect((await signIn(plane.server.app, bystander.email, bystander.password)).ok).toBe(true)

    advance(wait * 1000 - 1000)
    expect((await signIn(plane.server.app, victim.email, victim.password)).ok).toBe(false)
    advance(1000)
    expect((await signIn(plane.server.app, victim.email, victim.password)).ok).toBe(true)
  })

  test('a locked attempt never reaches the password check: a legacy hash is not upgraded', async () => {
    freshWindow()
    const account = await plane.account('editor')
    await plane.server.db.user.update({ where: { id: account.id }, data: { password: await bcrypt.hash(account.password, 4) } })
    await wrongPasswords(account.email, 10)
    expect((await signIn(plane.server.app, account.email, account.password)).ok).toBe(false)
    expect((await hostClient(plane.server.db).user.findUniqueOrThrow({ where: { id: account.id } })).password).toMatch(/^\$2[aby]\$/)
  })

  test('a success starts the account\'s count again', async () => {
    freshWindow()
    const account = await plane.account('author')
    await wrongPasswords(account.email, 9)
    expect((await signIn(plane.server.app, account.email, account.password)).ok).toBe(true)
    await wrongPasswords(account.email, 9)
    expect((await signIn(plane.server.app, account.email, account.password)).ok).toBe(true)
  })

  test('the count is kept in the database, so a second instance sees the same lock', async () => {
    freshWindow()
    const account = await plane.account('administrator')
    await wrongPasswords(account.email, 10)
    const second = await startTestServer({ clock: () => clock }, plane.server)
    try {
      expect(await signIn(second.app, account.email, account.password)).toMatchObject({ ok: false, message: expect.stringContaining('Too many sign-in attempts') })
    } finally {
      await second.close()
    }
  })
})

describe('password sign-in is throttled per client address', () => {
  test('50 attempts from one address, whichever accounts they name, refuse the 51st', async () => {
    freshWindow()
    const account = await plane.account('administrator')
    for (let i = 0; i < 50; i++) await signIn(plane.server.app, `nobody-${i}@example.test`, 'guess')
    expect(await signIn(plane.server.app, account.email, account.password)).toMatchObject({ ok: false, message: expect.stringContaining('Too many sign-in attempts') })
    freshWindow()
    expect((await signIn(plane.server.app, account.email, account.password)).ok).toBe(true)
  })
})
