import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import { randomUUID } from 'node:crypto'
import { readdir, readFile, rm } from 'node:fs/promises'
import path from 'node:path'
import { simpleParser } from 'mailparser'
import { startTestServer, type InProcessServer, useTestServer } from './support/in-process-server.ts'
import { dispatcher } from './support/client.ts'
import { typedCaller } from './support/operations.ts'
import { startSmtpServer, type TestSmtpServer } from './support/smtp.ts'

const SITE = 'https://team.example.com'
const FIVE_MINUTES = 5 * 60 * 1000

/** The injected clock of the servers under test; tests move it instead of sleeping. */
let clock = new Date('2026-03-01T09:00:00Z')
const now = () => clock
const advance = (ms: number) => { clock = new Date(clock.getTime() + ms) }

let smtp: TestSmtpServer
beforeAll(async () => { smtp = await startSmtpServer() })
afterAll(async () => { await smtp.close() })

const plane = useTestServer(() => ({ http: { siteUrl: SITE }, mail: { smtpUrl: smtp.url, from: 'team@example.com' }, clock: now }))
const users = typedCaller(plane.dispatch, 'users')

const welcome = (user_num: string, extra: Record<string, unknown> = {}) => users('send_welcome_email', { user_num, ...extra }, true)

/** A member in a new slot with the given fields, linked to the admin account unless told otherwise. */
async function member (fields: Record<string, unknown>, { link = true } = {}): Promise<string> {
  const created = await users('create', fields)
  const userNum = created.body.data.user_num as string
  if (link) await users('link_account', { user_num: userNum, account_id: plane.admin.id })
  return userNum
}

/** The window row of one address, if any (addresses are stored in lower case). */
const windowOf = (address: string) => plane.server.db.svcWelcomeEmailWindow.findUnique({ where: { address: address.toLowerCase() } })

/** An address no other test uses, so each test owns its welcome window. */
const fresh = (name: string) => `${name}-${randomUUID().slice(0, 8)}@example.com`

/** A linked member with its own address, already welcomed at the current clock. */
async function welcomed (name: string) {
  const address = fresh(name)
  const slot = await member({ first_name: name, email: address })
  expect((await welcome(slot)).body.data.outcome).toBe('sent')
  return { slot, address }
}

describe('refusals: nothing is sent or recorded', () => {
  test('no work e-mail and no linked account: 409 naming both', async () => {
    const sent = smtp.received.length
    const slot = await member({ first_name: 'Nobody' }, { link: false })
    const res = await welcome(slot)
    expect(res.status).toBe(409)
    expect(res.body).toMatchObject({ ok: false, data: null, code: 'conflict', details: { missing: ['email', 'account'] } })
    expect(res.body.error).toMatch(/no work e-mail and no linked account/)
    expect(smtp.received).toHaveLength(sent)
  })

  test('a work e-mail but no linked account: 409 naming the account', async () => {
    const address = fresh('unlinked')
    const slot = await member({ email: address }, { link: false })
    const res = await welcome(slot)
    expect(res.status).toBe(409)
    expect(res.body.details).toEqual({ missing: ['account'] })
    expect(res.body.error).toMatch(/no linked account/)
    expect(res.body.error).not.toMatch(/work e-mail/)
    expect(await windowOf(address)).toBeNull()
  })

  test('a linked account but no work e-mail (only a personal one): 409 naming the e-mail', async () => {
    const sent = smtp.received.length
    const slot = await member({ email_personal: fresh('home') })
    const res = await welcome(slot)
    expect(res.status).toBe(409)
    expect(res.body.details).toEqual({ missing: ['email'] })
    expect(smtp.received).toHaveLength(sent)
  })

  test('without confirm: 400 confirm_required, even for a dry run', async () => {
    const sent = smtp.received.length
    const address = fresh('confirm')
    const slot = await member({ email: address })
    for (const params of [{ user_num: slot }, { user_num: slot, dry_run: true }, { user_num: slot, confirm: false }]) {
      const res = await users('send_welcome_email', params)
      expect(res.status).toBe(400)
      expect(res.body.code).toBe('confirm_required')
    }
    expect(smtp.received).toHaveLength(sent)
    expect(await windowOf(address)).toBeNull()
  })

  test('a preview sends no e-mail: 400 not_previewable; a preview of the member\'s update beside it neither sends nor writes', async () => {
    const sent = smtp.received.length
    const address = fresh('previewed')
    const slot = await member({ first_name: 'Previewed', email: address })
    const previewed = await plane.dispatch({ resource: 'users', action: 'send_welcome_email', params: { user_num: slot }, confirm: true, preview: true } as never)
    expect([previewed.status, previewed.body.code]).toEqual([400, 'not_previewable'])
    const outbox = await plane.server.db.svcOutboxMessage.count()
    const update = await plane.dispatch({ resource: 'users', action: 'update', params: { user_num: slot, first_name: 'Renamed' }, preview: true } as never)
    expect([update.status, update.body.changed, update.body.data.preview.changes.length]).toEqual([200, false, 1])
    expect((await users('get', { user_num: slot })).body.data.first_name).toBe('Previewed')
    expect([smtp.received.length, await plane.server.db.svcOutboxMessage.count(), await windowOf(address)]).toEqual([sent, outbox, null])
  })
})

describe('sending', () => {
  test('dry_run reports eligibility and the destination and sends nothing', async () => {
    const sent = smtp.received.length
    const address = fresh('Ada')
    const slot = await member({ first_name: 'Ada', full_name: 'Ada Lovelace', email: address })
    const res = await welcome(slot, { dry_run: true })
    expect(res.body).toEqual({
      ok: true,
      changed: false,
      error: null,
      data: { eligible: true, outcome: 'dry_run', to: address, retry_after: 0, missing: [] },
    })
    expect(smtp.received).toHaveLength(sent)
    expect(await windowOf(address)).toBeNull()
  })

  test('a dry run of an ineligible member reports what is missing instead of failing', async () => {
    const unlinked = await member({ nickname: 'Nemo' }, { link: false })
    const res = await welcome(unlinked, { dry_run: true })
    expect(res.body.data).toEqual({ eligible: false, outcome: 'dry_run', to: null, retry_after: 0, missing: ['email', 'account'] })
  })

  test('a real send delivers one message with text and HTML parts carrying the absolute personal-page link', async () => {
    const sent = smtp.received.length
    const local = `Ada-${randomUUID().slice(0, 8)}`
    const slot = await member({ first_name: 'Ada', full_name: 'Ada Lovelace', email: `${local}@Example.com` })
    const res = await welcome(slot)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ ok: true, changed: true, data: { eligible: true, outcome: 'sent', to: `${local}@Example.com`, retry_after: 300, missing: [] } })
    expect(smtp.received).toHaveLength(sent + 1)
    const { from, to, mail } = smtp.received.at(-1)!
    const link = `${SITE}/team/${slot}`
    expect(from).toBe('team@example.com')
    expect(to.map(address => address.toLowerCase())).toEqual([`${local.toLowerCase()}@example.com`])
    expect(mail.to).toMatchObject({ value: [{ address: `${local}@example.com`, name: 'Ada Lovelace' }] })
    expect(mail.subject).toBe('Welcome to the team at team.example.com')
    expect(mail.text).toContain('Hello Ada,')
    expect(mail.text).toContain(link)
    expect(mail.html).toContain(`<a href="${link}">`)
    expect((await windowOf(`${local}@example.com`))?.lastSentAt.toISOString()).toBe(clock.toISOString())
  })

  test('a repeat to the same address within 5 minutes is 429 with Retry-After, and nothing is sent', async () => {
    const { slot } = await welcomed('repeat')
    const sent = smtp.received.length
    advance(60_000)
    const res = await welcome(slot)
    expect(res.status).toBe(429)
    expect(res.body).toMatchObject({ ok: false, data: null, code: 'rate_limited', details: { retry_after: 240 } })
    expect(res.headers['retry-after']).toBe('240')
    expect(smtp.received).toHaveLength(sent)
  })

  test('a dry run inside the window reports ineligible with the wait', async () => {
    const { slot, address } = await welcomed('window')
    advance(90_500)
    const res = await welcome(slot, { dry_run: true })
    expect(res.body.data).toEqual({ eligible: false, outcome: 'dry_run', to: address, retry_after: 210, missing: [] })
  })

  test('another slot with the same address, spelled differently, shares the window', async () => {
    const { address } = await welcomed('twin')
    const sent = smtp.received.length
    advance(90_500)
    const twin = await member({ first_name: 'Ada again', email: address.toUpperCase() })
    const res = await welcome(twin)
    expect(res.status).toBe(429)
    expect(res.body.details.retry_after).toBe(210)
    expect(smtp.received).toHaveLength(sent)
  })

  test('once 5 minutes have passed since the send, the address can be e-mailed again', async () => {
    const { slot } = await welcomed('again')
    const sent = smtp.received.length
    advance(FIVE_MINUTES - 1000)
    expect((await welcome(slot)).body.details.retry_after).toBe(1)
    advance(1000)
    const res = await welcome(slot)
    expect(res.body.data.outcome).toBe('sent')
    expect(smtp.received).toHaveLength(sent + 1)
  })

  test('deleting the member does not reopen the window of the address', async () => {
    const { slot, address } = await welcomed('leaver')
    await users('delete', { user_num: slot }, true)
    const again = await member({ email: address })
    expect((await welcome(again)).status).toBe(429)
  })
})

describe('a mail server that refuses the message', () => {
  test('answers 502 delivery_failed and records nothing, so a retry is not rate limited', async () => {
    const bounce = fresh('bounce')
    const slot = await member({ email: bounce })
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
    expect(await windowOf(bounce)).toBeNull()
    const retry = await welcome(slot)
    expect(retry.body.data.outcome).toBe('sent')
    expect(smtp.received.length).toBe(before + 1)
  })

  test('a failed repeat after the window restores the earlier send time, not a blank one', async () => {
    const address = fresh('restore')
    const slot = await member({ email: address })
    await welcome(slot)
    const firstSent = clock.toISOString()
    advance(FIVE_MINUTES)
    smtp.refuseRecipientsWith = 451
    try {
      expect((await welcome(slot)).status).toBe(502)
    } finally {
      smtp.refuseRecipientsWith = null
    }
    const row = await windowOf(address)
    expect(row?.lastSentAt.toISOString()).toBe(firstSent)
  })
})

describe('across processes', () => {
  let second: InProcessServer
  let usersOnSecond: ReturnType<typeof typedCaller<'users'>>

  beforeAll(async () => {
    second = await startTestServer({ sharedWith: plane.server, controlPlane: { http: { siteUrl: SITE }, mail: { smtpUrl: smtp.url }, clock: now } })
    usersOnSecond = typedCaller(dispatcher(second.app, plane.admin.key), 'users')
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
    const calls = Array.from({ length: 10 }, (_, i) => (i % 2 ? usersOnSecond : users)('send_welcome_email', { user_num: slots[i % 2]! }, true))
    const responses = await Promise.all(calls)
    expect(responses.filter(res => res.status === 200)).toHaveLength(1)
    expect(responses.filter(res => res.status === 429)).toHaveLength(9)
    expect(smtp.received.length).toBe(before + 1)
  })
})

describe('audit', () => {
  test('every send, dry run and refusal is in the audit log with its outcome code', async () => {
    const after = (await plane.server.db.svcAuditEntry.aggregate({ _max: { id: true } }))._max.id ?? 0
    const { slot } = await welcomed('audited')
    await welcome(slot, { dry_run: true })
    await welcome(slot)
    await users('send_welcome_email', { user_num: slot })
    await welcome(await member({ nickname: 'Nobody' }, { link: false }))
    const refused = await member({ email: fresh('refused') })
    smtp.refuseRecipientsWith = 550
    try {
      await welcome(refused)
    } finally {
      smtp.refuseRecipientsWith = null
    }
    const entries = await plane.server.db.svcAuditEntry.findMany({
      where: { operation: 'users.send_welcome_email', id: { gt: after } },
      orderBy: { id: 'asc' },
      select: { ok: true, code: true },
    })
    expect(entries.map(entry => entry.code)).toEqual([null, null, 'rate_limited', 'confirm_required', 'conflict', 'delivery_failed'])
  })
})

describe('without SMTP_URL', () => {
  const emlDir = path.join('var', 'test', `mail-${randomUUID()}`)
  const offline = useTestServer({ http: { siteUrl: 'http://localhost:4000' }, mail: { emlDir }, clock: now })
  afterAll(async () => { await rm(emlDir, { recursive: true, force: true }) })

  test('the message is written as an .eml file to the outbox folder', async () => {
    const call = typedCaller(offline.dispatch, 'users')
    await call('create', { email: 'outbox@example.com', nickname: 'Boxer' })
    await call('link_account', { user_num: '1', account_id: offline.admin.id })
    const res = await call('send_welcome_email', { user_num: '1' }, true)
    expect(res.body.data).toMatchObject({ outcome: 'sent', to: 'outbox@example.com' })
    const files = await readdir(emlDir)
    expect(files).toHaveLength(1)
    expect(files[0]).toMatch(/\.eml$/)
    const mail = await simpleParser(await readFile(path.join(emlDir, files[0]!)))
    expect(mail.to).toMatchObject({ value: [{ address: 'outbox@example.com' }] })
    expect(mail.from).toMatchObject({ value: [{ address: 'no-reply@localhost' }] })
    expect(mail.text).toContain('Hello Boxer,')
    expect(mail.text).toContain('http://localhost:4000/team/001')
    expect(mail.html).toContain('href="http://localhost:4000/team/001"')
  })
})
