import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import { randomUUID } from 'node:crypto'
import { readdir, readFile, rm } from 'node:fs/promises'
import path from 'node:path'
import { simpleParser } from 'mailparser'
import { startTestServer, type TestServer } from './support/server.ts'
import { createAccount, type TestAccount } from './support/accounts.ts'
import { dispatcher } from './support/client.ts'
import { resourceCaller } from './support/operations.ts'
import { startSmtpServer, type TestSmtpServer } from './support/smtp.ts'

const SITE = 'https://team.example.com'
const FIVE_MINUTES = 5 * 60 * 1000

/** The injected clock of the servers under test; tests move it instead of sleeping. */
let clock = new Date('2026-03-01T09:00:00Z')
const now = () => clock
const advance = (ms: number) => { clock = new Date(clock.getTime() + ms) }

let smtp: TestSmtpServer
let server: TestServer
let admin: TestAccount
let users: ReturnType<typeof resourceCaller>

beforeAll(async () => {
  smtp = await startSmtpServer()
  server = await startTestServer({ siteUrl: SITE, smtpUrl: smtp.url, mailFrom: 'team@example.com', now })
  admin = await createAccount(server.db)
  users = resourceCaller(dispatcher(server.app, admin.key), 'users')
})
afterAll(async () => {
  await server.close()
  await smtp.close()
})

const welcome = (user_num: string, extra: Record<string, unknown> = {}) => users('send_welcome_email', { user_num, ...extra }, true)

/** A member in a new slot with the given fields, linked to the admin account unless told otherwise. */
async function member (fields: Record<string, unknown>, { link = true } = {}): Promise<string> {
  const created = await users('create', fields)
  const userNum = created.body.data.user_num as string
  if (link) await users('link_account', { user_num: userNum, account_id: admin.id })
  return userNum
}

const windowRows = () => server.db.svcWelcomeEmailWindow.findMany({ orderBy: { address: 'asc' } })

describe('refusals: nothing is sent or recorded', () => {
  test('no work e-mail and no linked account: 409 naming both', async () => {
    const slot = await member({ first_name: 'Nobody' }, { link: false })
    const res = await welcome(slot)
    expect(res.status).toBe(409)
    expect(res.body).toMatchObject({ ok: false, data: null, code: 'conflict', details: { missing: ['email', 'account'] } })
    expect(res.body.error).toMatch(/no work e-mail and no linked account/)
    expect(smtp.received).toHaveLength(0)
    expect(await windowRows()).toEqual([])
  })

  test('a work e-mail but no linked account: 409 naming the account', async () => {
    const slot = await member({ email: 'unlinked@example.com' }, { link: false })
    const res = await welcome(slot)
    expect(res.status).toBe(409)
    expect(res.body.details).toEqual({ missing: ['account'] })
    expect(res.body.error).toMatch(/no linked account/)
    expect(res.body.error).not.toMatch(/work e-mail/)
  })

  test('a linked account but no work e-mail (only a personal one): 409 naming the e-mail', async () => {
    const slot = await member({ email_personal: 'home@example.org' })
    const res = await welcome(slot)
    expect(res.status).toBe(409)
    expect(res.body.details).toEqual({ missing: ['email'] })
    expect(smtp.received).toHaveLength(0)
  })

  test('without confirm: 400 confirm_required, even for a dry run', async () => {
    const slot = await member({ email: 'confirm@example.com' })
    for (const params of [{ user_num: slot }, { user_num: slot, dry_run: true }, { user_num: slot, confirm: false }]) {
      const res = await users('send_welcome_email', params)
      expect(res.status).toBe(400)
      expect(res.body.code).toBe('confirm_required')
    }
    expect(smtp.received).toHaveLength(0)
    expect(await windowRows()).toEqual([])
  })
})

describe('sending', () => {
  let slot: string

  test('dry_run reports eligibility and the destination and sends nothing', async () => {
    slot = await member({ first_name: 'Ada', full_name: 'Ada Lovelace', email: 'Ada@Example.com' })
    const res = await welcome(slot, { dry_run: true })
    expect(res.body).toEqual({
      ok: true,
      changed: false,
      error: null,
      data: { eligible: true, outcome: 'dry_run', to: 'Ada@Example.com', retry_after: 0, missing: [] },
    })
    expect(smtp.received).toHaveLength(0)
    expect(await windowRows()).toEqual([])
  })

  test('a dry run of an ineligible member reports what is missing instead of failing', async () => {
    const unlinked = await member({ nickname: 'Nemo' }, { link: false })
    const res = await welcome(unlinked, { dry_run: true })
    expect(res.body.data).toEqual({ eligible: false, outcome: 'dry_run', to: null, retry_after: 0, missing: ['email', 'account'] })
  })

  test('a real send delivers one message with text and HTML parts carrying the absolute personal-page link', async () => {
    const res = await welcome(slot)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ ok: true, changed: true, data: { eligible: true, outcome: 'sent', to: 'Ada@Example.com', retry_after: 300, missing: [] } })
    expect(smtp.received).toHaveLength(1)
    const { from, to, mail } = smtp.received[0]!
    const link = `${SITE}/team/${slot}`
    expect(from).toBe('team@example.com')
    expect(to.map(address => address.toLowerCase())).toEqual(['ada@example.com'])
    expect(mail.to).toMatchObject({ value: [{ address: 'Ada@example.com', name: 'Ada Lovelace' }] })
    expect(mail.subject).toBe('Welcome to the team at team.example.com')
    expect(mail.text).toContain('Hello Ada,')
    expect(mail.text).toContain(link)
    expect(mail.html).toContain(`<a href="${link}">`)
    expect((await windowRows()).map(row => [row.address, row.lastSentAt.toISOString()])).toEqual([['ada@example.com', clock.toISOString()]])
  })

  test('a repeat to the same address within 5 minutes is 429 with Retry-After, and nothing is sent', async () => {
    advance(60_000)
    const res = await welcome(slot)
    expect(res.status).toBe(429)
    expect(res.body).toMatchObject({ ok: false, data: null, code: 'rate_limited', details: { retry_after: 240 } })
    expect(res.headers['retry-after']).toBe('240')
    expect(smtp.received).toHaveLength(1)
  })

  test('a dry run inside the window reports ineligible with the wait', async () => {
    advance(30_500)
    const res = await welcome(slot, { dry_run: true })
    expect(res.body.data).toEqual({ eligible: false, outcome: 'dry_run', to: 'Ada@Example.com', retry_after: 210, missing: [] })
  })

  test('another slot with the same address, spelled differently, shares the window', async () => {
    const twin = await member({ first_name: 'Ada again', email: 'ada@EXAMPLE.com' })
    const res = await welcome(twin)
    expect(res.status).toBe(429)
    expect(res.body.details.retry_after).toBe(210)
    expect(smtp.received).toHaveLength(1)
  })

  test('once 5 minutes have passed since the send, the address can be e-mailed again', async () => {
    advance(FIVE_MINUTES - 90_500 - 1000)
    expect((await welcome(slot)).body.details.retry_after).toBe(1)
    advance(1000)
    const res = await welcome(slot)
    expect(res.body.data.outcome).toBe('sent')
    expect(smtp.received).toHaveLength(2)
  })

  test('deleting the member does not reopen the window of the address', async () => {
    await users('delete', { user_num: slot }, true)
    const again = await member({ email: 'ada@example.com' })
    expect((await welcome(again)).status).toBe(429)
  })
})

describe('a mail server that refuses the message', () => {
  test('answers 502 delivery_failed and records nothing, so a retry is not rate limited', async () => {
    const slot = await member({ email: 'bounce@example.com' })
    smtp.refuseRecipientsWith = 550
    const before = smtp.received.length
    let res
    try {
      res = await welcome(slot)
    } finally {
      smtp.refuseRecipientsWith = null
    }
    expect(res.status).toBe(502)
    expect(res.body).toMatchObject({ ok: false, code: 'delivery_failed', details: { smtp_code: 550 } })
    expect(await server.db.svcWelcomeEmailWindow.findUnique({ where: { address: 'bounce@example.com' } })).toBeNull()
    const retry = await welcome(slot)
    expect(retry.body.data.outcome).toBe('sent')
    expect(smtp.received.length).toBe(before + 1)
  })

  test('a failed repeat after the window restores the earlier send time, not a blank one', async () => {
    const slot = await member({ email: 'repeat@example.com' })
    await welcome(slot)
    const firstSent = clock.toISOString()
    advance(FIVE_MINUTES)
    smtp.refuseRecipientsWith = 451
    try {
      expect((await welcome(slot)).status).toBe(502)
    } finally {
      smtp.refuseRecipientsWith = null
    }
    const row = await server.db.svcWelcomeEmailWindow.findUnique({ where: { address: 'repeat@example.com' } })
    expect(row?.lastSentAt.toISOString()).toBe(firstSent)
  })
})

describe('across processes', () => {
  let second: TestServer
  let usersOnSecond: ReturnType<typeof resourceCaller>

  beforeAll(async () => {
    second = await startTestServer({ siteUrl: SITE, smtpUrl: smtp.url, now }, server)
    usersOnSecond = resourceCaller(dispatcher(second.app, admin.key), 'users')
  })
  afterAll(async () => second.close())

  test('a second server on the same database sees the window the first one took', async () => {
    const slot = await member({ email: 'shared@example.com' })
    expect((await welcome(slot)).body.data.outcome).toBe('sent')
    const res = await usersOnSecond('send_welcome_email', { user_num: slot }, true)
    expect(res.status).toBe(429)
  })

  test('parallel sends to one address from two servers deliver exactly one message', async () => {
    const slots = [await member({ email: 'race@example.com' }), await member({ email: 'RACE@example.com' })]
    const before = smtp.received.length
    const calls = Array.from({ length: 10 }, (_, i) => (i % 2 ? usersOnSecond : users)('send_welcome_email', { user_num: slots[i % 2] }, true))
    const responses = await Promise.all(calls)
    expect(responses.filter(res => res.status === 200)).toHaveLength(1)
    expect(responses.filter(res => res.status === 429)).toHaveLength(9)
    expect(smtp.received.length).toBe(before + 1)
  })
})

describe('audit', () => {
  test('every send, dry run and refusal is in the audit log with its outcome code', async () => {
    const entries = await server.db.svcAuditEntry.findMany({ where: { operation: 'users.send_welcome_email' }, select: { ok: true, code: true } })
    const codes = new Set(entries.map(entry => entry.code))
    for (const code of [null, 'conflict', 'confirm_required', 'rate_limited', 'delivery_failed']) expect(codes).toContain(code)
  })
})

describe('without SMTP_URL', () => {
  test('the message is written as an .eml file to the outbox folder', async () => {
    const outboxDir = path.join('var', 'test', `outbox-${randomUUID()}`)
    const offline = await startTestServer({ siteUrl: 'http://localhost:4000', outboxDir, now })
    try {
      const account = await createAccount(offline.db)
      const call = resourceCaller(dispatcher(offline.app, account.key), 'users')
      await call('create', { email: 'outbox@example.com', nickname: 'Boxer' })
      await call('link_account', { user_num: '1', account_id: account.id })
      const res = await call('send_welcome_email', { user_num: '1' }, true)
      expect(res.body.data).toMatchObject({ outcome: 'sent', to: 'outbox@example.com' })
      const files = await readdir(outboxDir)
      expect(files).toHaveLength(1)
      expect(files[0]).toMatch(/\.eml$/)
      const mail = await simpleParser(await readFile(path.join(outboxDir, files[0]!)))
      expect(mail.to).toMatchObject({ value: [{ address: 'outbox@example.com' }] })
      expect(mail.from).toMatchObject({ value: [{ address: 'no-reply@localhost' }] })
      expect(mail.text).toContain('Hello Boxer,')
      expect(mail.text).toContain('http://localhost:4000/team/001')
      expect(mail.html).toContain('href="http://localhost:4000/team/001"')
    } finally {
      await offline.close()
      await rm(outboxDir, { recursive: true, force: true })
    }
  })
})
