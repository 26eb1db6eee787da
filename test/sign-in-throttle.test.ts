import { startTestServer, hostClient, useTestServer } from './support/in-process-server.ts'
import { describe, expect, test } from '@jest/globals'
import bcrypt from 'bcryptjs'
import { GRAPHQL, signIn } from './support/session-client.ts'
import request from 'supertest'
import { setTimeout as sleep } from 'node:timers/promises'
import { progressiveDelayMs } from '../host/sign-in-throttle.ts'

const WINDOW_MS = 15 * 60 * 1000
let clock = new Date('2026-06-01T10:00:00.000Z')
const advance = (ms: number) => { clock = new Date(clock.getTime() + ms) }
const plane = useTestServer({ clock: () => clock })

const waitUntil = async (condition: () => boolean) => { while (!condition()) await sleep(5) }

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
    const second = await startTestServer({ sharedWith: plane.server, controlPlane: { clock: () => clock } })
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

describe('a guesser cannot keep the owner out', () => {
  const plane = useTestServer({ clock: () => clock, http: { trustProxy: 1 } })
  const signInFrom = async (address: string, email: string, password: string) => {
    const res = await request(plane.server.app).post(GRAPHQL).set('X-Forwarded-For', address).send({
      query: 'mutation ($e: String!, $p: String!) { authenticateUserWithPassword(email: $e, password: $p) { ... on UserAuthenticationWithPasswordFailure { message } ... on UserAuthenticationWithPasswordSuccess { item { id } } } }',
      variables: { e: email, p: password },
    })
    const result = res.body.data.authenticateUserWithPassword
    return result.item ? 'signed in' : result.message as string
  }

  test('ten wrong passwords from one address lock that address out of the account, not the owner at another', async () => {
    freshWindow()
    const owner = await plane.account('administrator')
    for (let i = 0; i < 10; i++) expect(await signInFrom('203.0.113.66', owner.email, `wrong-${i}`)).toBe('Authentication failed.')
    expect(await signInFrom('203.0.113.66', owner.email, owner.password)).toMatch(/^Too many sign-in attempts/)
    expect(await signInFrom('198.51.100.20', owner.email, owner.password)).toBe('signed in')
    expect(await signInFrom('203.0.113.66', owner.email, owner.password)).toMatch(/^Too many sign-in attempts/)
  })

  test('guesses spread over many addresses meet the per-account ceiling of 100, which a success resets', async () => {
    freshWindow()
    const owner = await plane.account('administrator')
    for (let client = 0; client < 10; client++) {
      for (let i = 0; i < 10; i++) expect(await signInFrom(`203.0.113.${client + 1}`, owner.email, 'guess')).toBe('Authentication failed.')
    }
    expect(await signInFrom('198.51.100.30', owner.email, owner.password)).toMatch(/^Too many sign-in attempts/)
    advance(WINDOW_MS)
    expect(await signInFrom('198.51.100.30', owner.email, owner.password)).toBe('signed in')
  })
})

describe('each guess from one address waits longer than the last', () => {
  test('three attempts are answered at once, then each waits before its password is checked, twice as long as the last, up to the cap', async () => {
    // Each attempt's waits, recorded in the order the host waits them; a wait ends when the test lets it.
    const waits: number[][] = []
    let release = () => {}
    const signInWait = (ms: number) => { waits.at(-1)!.push(ms); return new Promise<void>(resolve => { release = resolve }) }
    const timed = await startTestServer({ sharedWith: plane.server, controlPlane: { clock: () => clock }, host: { signInLimits: { delayBaseMs: 1500, delayMaxMs: 3000 }, signInWait } })
    try {
      freshWindow()
      const account = await plane.account('editor')
      for (let i = 0; i < 6; i++) {
        waits.push([])
        const attempt = signIn(timed.app, account.email, 'wrong')
        if (i >= 3) {
          // Held in its wait, the attempt is not answered, and its password not checked, until the wait ends.
          await waitUntil(() => waits[i]!.length === 1)
          expect(await Promise.race([attempt.then(() => 'answered'), sleep(200).then(() => 'waiting')])).toBe('waiting')
          release()
        }
        expect(await attempt).toEqual({ ok: false, message: 'Authentication failed.' })
      }
      expect(waits).toEqual([[], [], [], [1500], [3000], [3000]])
    } finally {
      await timed.close()
    }
  }, 60_000)

  test('progressiveDelayMs: none up to the threshold, doubling, capped', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 40].map(n => progressiveDelayMs(n, 3, 250, 4000))).toEqual([0, 0, 0, 250, 500, 1000, 2000, 4000])
    expect(progressiveDelayMs(9, 3, 0, 4000)).toBe(0)
  })
})
