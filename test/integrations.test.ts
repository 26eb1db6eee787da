import { beforeEach, describe, expect, test } from '@jest/globals'
import { useTestServer } from './support/in-process-server.ts'
import { getWithKey, seenBodies } from './support/client.ts'
import { SecretBox, parseEncryptionKey } from '../packages/control-plane/src/platform/secrets/secret-box.ts'
import { STALE, untilWritten, writeIfUnchanged } from '../packages/control-plane/src/platform/db/compare-and-set.ts'
import { findIntegrationRow } from '../packages/control-plane/src/resources/integrations/shape.ts'
import { updateIntegration } from '../packages/control-plane/src/resources/integrations/operations/update.ts'
import type { OperationContext } from '../packages/control-plane/src/kernel/registry/operation-context.ts'
import { bindTo } from '../packages/control-plane/src/platform/secrets/sealed-column.ts'
import { INTEGRATION_SECRET } from '../packages/control-plane/src/resources/integrations/sealed-columns.ts'

const plane = useTestServer()
const integrations = plane.caller('integrations')

const SLACK_WEBHOOK = 'https://hooks.slack.com/services/T000/B000/slackPlaintextSecret0xFEED'
const MATOMO_TOKEN = 'matomoPlaintextToken0123456789abcdef'
const REJECTED_SECRET = 'https://evil.example/rejectedPlaintextSecret0xBAD'
const PLAINTEXTS = [SLACK_WEBHOOK, MATOMO_TOKEN, REJECTED_SECRET]


const rows = () => plane.server.db.svcIntegration.findMany({ orderBy: { key: 'asc' } })

// Every test starts with nothing stored: each integration disabled, without settings or secret.
beforeEach(async () => { await plane.server.db.svcIntegration.deleteMany() })

describe('integrations.list and get', () => {
  test('list shows the whole catalogue, disabled and empty before anything is stored', async () => {
    const res = await integrations('list')
    expect(res.status).toBe(200)
    const entries = res.body.data.integrations
    expect(entries.map((entry: { key: string }) => entry.key)).toEqual(['google_analytics', 'search_console', 'matomo', 'slack', 'zapier'])
    for (const entry of entries) {
      expect(entry).toMatchObject({ enabled: false, settings: {}, secret_set: false, updated_at: null, label: expect.any(String), description: expect.any(String) })
      expect(entry.settings_schema).toMatchObject({ type: 'object' })
    }
    const takesSecret = Object.fromEntries(entries.map((entry: { key: string, takes_secret: boolean }) => [entry.key, entry.takes_secret]))
    expect(takesSecret).toEqual({ google_analytics: false, search_console: false, matomo: true, slack: true, zapier: false })
    expect(entries.find((entry: { key: string }) => entry.key === 'google_analytics').settings_schema.properties).toHaveProperty('measurement_id')
  })

  test('get of an unknown key is invalid_params naming the known keys', async () => {
    const res = await integrations('get', { key: 'myspace' })
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('invalid_params')
    for (const known of ['google_analytics', 'search_console', 'slack', 'zapier', 'matomo']) expect(res.body.error).toContain(known)
  })

  test('the GET read form serves get', async () => {
    const res = await getWithKey(plane.server.app, plane.admin.key, '/manage/integrations/get?key=zapier')
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ key: 'zapier', enabled: false, takes_secret: false })
  })
})

describe('integrations.update', () => {
  test('stores settings validated by the integration\'s schema; the same update again is changed: false', async () => {
    const res = await integrations('update', { key: 'google_analytics', settings: { measurement_id: ' g-ab12cd34 ' } })
    expect(res.body).toMatchObject({ ok: true, changed: true, data: { key: 'google_analytics', enabled: false, settings: { measurement_id: 'G-AB12CD34' } } })
    expect(res.body.data.updated_at).toEqual(expect.any(String))
    const again = await integrations('update', { key: 'google_analytics', settings: { measurement_id: 'G-AB12CD34' } })
    expect(again.body).toMatchObject({ ok: true, changed: false, data: { settings: { measurement_id: 'G-AB12CD34' } } })
    const nothing = await integrations('update', { key: 'google_analytics' })
    expect(nothing.body.changed).toBe(false)
  })

  test.each([
    ['google_analytics', { measurement_id: 'UA-12345-1' }, 'settings.measurement_id'],
    ['google_analytics', { measurement_id: 42 }, 'settings.measurement_id'],
    ['google_analytics', { tracking: 'G-AB12CD34' }, 'settings'],
    ['search_console', { site_url: 'example.com' }, 'settings.site_url'],
    ['search_console', { site_url: 'sc-domain:' }, 'settings.site_url'],
    ['slack', { channel: 'Marketing Team' }, 'settings.channel'],
    ['zapier', { anything: 1 }, 'settings'],
    ['matomo', { url: 'ftp://analytics.example.com' }, 'settings.url'],
    ['matomo', { site_id: 0 }, 'settings.site_id'],
    ['matomo', { site_id: '3' }, 'settings.site_id'],
  ])('%s settings %j are invalid_params at %s and change nothing', async (integration, settings, path) => {
    const before = await rows()
    const res = await integrations('update', { key: integration, settings })
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ ok: false, code: 'invalid_params' })
    expect(res.body.details.issues.map((issue: { path: string }) => issue.path)).toContain(path)
    expect(await rows()).toEqual(before)
  })

  test('search_console takes a URL-prefix or a domain property', async () => {
    for (const site_url of ['https://www.example.com/', 'sc-domain:example.co.uk']) {
      const res = await integrations('update', { key: 'search_console', settings: { site_url } })
      expect(res.body).toMatchObject({ ok: true, data: { settings: { site_url } } })
    }
  })

  test('settings are a merge-patch: omitted fields are kept and null removes one', async () => {
    await integrations('update', { key: 'matomo', settings: { url: 'https://analytics.example.com/' } })
    const merged = await integrations('update', { key: 'matomo', settings: { site_id: 3 } })
    expect(merged.body.data.settings).toEqual({ url: 'https://analytics.example.com/', site_id: 3 })
    const removed = await integrations('update', { key: 'matomo', settings: { site_id: null } })
    expect(removed.body).toMatchObject({ changed: true, data: { settings: { url: 'https://analytics.example.com/' } } })
  })

  test('enabling needs every required setting, and names the missing ones', async () => {
    await integrations('update', { key: 'matomo', settings: { url: 'https://analytics.example.com/' } })
    const res = await integrations('update', { key: 'matomo', enabled: true })
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ code: 'invalid_params', details: { missing: ['site_id'] } })
    expect(res.body.error).toContain('site_id')
    expect((await findIntegrationRow(plane.server.db, 'matomo'))?.enabled).toBe(false)
    const enabled = await integrations('update', { key: 'matomo', enabled: true, settings: { site_id: 7 } })
    expect(enabled.body).toMatchObject({ ok: true, changed: true, data: { enabled: true, settings: { url: 'https://analytics.example.com/', site_id: 7 } } })
    const removeRequired = await integrations('update', { key: 'matomo', settings: { site_id: null } })
    expect(removeRequired.body.code).toBe('invalid_params')
  })

  test('zapier has no settings: enabling it is enough; disabling twice is changed: false the second time', async () => {
    expect((await integrations('update', { key: 'zapier', enabled: true })).body).toMatchObject({ changed: true, data: { enabled: true, settings: {} } })
    expect((await integrations('update', { key: 'zapier', enabled: false })).body).toMatchObject({ changed: true, data: { enabled: false } })
    expect((await integrations('update', { key: 'zapier', enabled: false })).body.changed).toBe(false)
  })

  test('an update that lost a race is computed again instead of overwriting the other write', async () => {
    await integrations('update', { key: 'search_console', settings: { site_url: 'https://www.example.com/' } })
    const current = await findIntegrationRow(plane.server.db, 'search_console')
    await integrations('update', { key: 'search_console', enabled: true })
    const written = await writeIfUnchanged(current, {
      create: async () => { throw new Error('the row exists') },
      update: version => plane.server.db.svcIntegration.updateMany({ where: { key: 'search_console', version }, data: { enabled: false } }),
    })
    expect(written).toBe(false)
    expect((await findIntegrationRow(plane.server.db, 'search_console'))?.enabled).toBe(true)
    let attempts = 0
    expect(await untilWritten(async () => ++attempts < 3 ? STALE : 'landed')).toBe('landed')
    expect(attempts).toBe(3)
  })

  test('concurrent patches of different fields all land', async () => {
    // Straight to the handler, so both reads happen before either write.
    const context = { db: plane.server.db, options: plane.server.runtime.options } as unknown as OperationContext
    for (let round = 1; round <= 5; round++) {
      await integrations('update', { key: 'matomo', enabled: false, settings: { url: null, site_id: null } })
      const url = `https://round${round}.example.com/`
      await Promise.all([
        updateIntegration.handler({ key: 'matomo', settings: { url } }, context),
        updateIntegration.handler({ key: 'matomo', settings: { site_id: round } }, context),
      ])
      expect((await integrations('get', { key: 'matomo' })).body.data.settings).toEqual({ url, site_id: round })
    }
  })
})

describe('integration secrets', () => {
  const box = () => new SecretBox(parseEncryptionKey(plane.server.encryptionKey))

  test('set_secret stores the secret sealed and answers only secret_set', async () => {
    const res = await integrations('set_secret', { key: 'slack', secret: SLACK_WEBHOOK })
    expect(res.body).toEqual({ ok: true, changed: true, error: null, data: { key: 'slack', secret_set: true } })
    const row = await findIntegrationRow(plane.server.db, 'slack')
    expect(row?.secretCiphertext).toMatch(/^v2:/)
    expect(row?.secretCiphertext).not.toContain('slackPlaintextSecret')
    expect(box().open(row!.secretCiphertext!, bindTo(INTEGRATION_SECRET, 'slack'))).toBe(SLACK_WEBHOOK)
    expect((await integrations('get', { key: 'slack' })).body.data).toMatchObject({ secret_set: true, enabled: false, settings: {} })
  })

  test('a secret in the wrong format is invalid_params, and the message does not repeat it', async () => {
    await integrations('set_secret', { key: 'slack', secret: SLACK_WEBHOOK })
    const res = await integrations('set_secret', { key: 'slack', secret: REJECTED_SECRET })
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('invalid_params')
    expect(res.body.details.issues[0].path).toBe('secret')
    expect(box().open((await findIntegrationRow(plane.server.db, 'slack'))!.secretCiphertext!, bindTo(INTEGRATION_SECRET, 'slack'))).toBe(SLACK_WEBHOOK)
  })

  test.each(['google_analytics', 'search_console', 'zapier'])('%s takes no secret: set_secret and clear_secret are invalid_params', async integration => {
    const before = await rows()
    const set = await integrations('set_secret', { key: integration, secret: 'whatever-value' })
    expect(set.status).toBe(400)
    expect(set.body).toMatchObject({ code: 'invalid_params', details: { takes_secret: false } })
    expect(set.body.error).toMatch(/slack, matomo|matomo, slack/)
    const clear = await integrations('clear_secret', { key: integration }, true)
    expect(clear.body).toMatchObject({ code: 'invalid_params', details: { takes_secret: false } })
    expect(await rows()).toEqual(before)
  })

  test('changing where matomo sends its token forgets the token; other changes keep it', async () => {
    await integrations('set_secret', { key: 'matomo', secret: MATOMO_TOKEN })
    const siteChange = await integrations('update', { key: 'matomo', settings: { site_id: 11 } })
    expect(siteChange.body.data.secret_set).toBe(true)
    const urlChange = await integrations('update', { key: 'matomo', settings: { url: 'https://elsewhere.example.net/' } })
    expect(urlChange.body).toMatchObject({ changed: true, data: { secret_set: false } })
    expect((await findIntegrationRow(plane.server.db, 'matomo'))?.secretCiphertext).toBeNull()
  })

  test('clear_secret needs confirm, erases the secret, and is changed: false when none is set', async () => {
    await integrations('set_secret', { key: 'slack', secret: SLACK_WEBHOOK })
    const refused = await integrations('clear_secret', { key: 'slack' })
    expect(refused.body.code).toBe('confirm_required')
    expect((await findIntegrationRow(plane.server.db, 'slack'))?.secretCiphertext).not.toBeNull()
    const cleared = await integrations('clear_secret', { key: 'slack' }, true)
    expect(cleared.body).toEqual({ ok: true, changed: true, error: null, data: { key: 'slack', secret_set: false } })
    expect((await findIntegrationRow(plane.server.db, 'slack'))?.secretCiphertext).toBeNull()
    const again = await integrations('clear_secret', { key: 'slack', confirm: true })
    expect(again.body).toMatchObject({ ok: true, changed: false, data: { secret_set: false } })
  })

  test('set_secret on an integration never configured creates its row, disabled and empty', async () => {
    await plane.server.db.svcIntegration.deleteMany({ where: { key: 'slack' } })
    await integrations('set_secret', { key: 'slack', secret: SLACK_WEBHOOK })
    expect((await integrations('get', { key: 'slack' })).body.data).toMatchObject({ enabled: false, settings: {}, secret_set: true })
  })

  test('no response body and no audit entry ever contained a secret plaintext', async () => {
    for (const [key, secret] of [['slack', SLACK_WEBHOOK], ['matomo', MATOMO_TOKEN], ['slack', REJECTED_SECRET]] as const) {
      await integrations('set_secret', { key, secret })
      await integrations('get', { key })
    }
    await integrations('list')
    await integrations('update', { key: 'matomo', settings: { url: 'https://elsewhere.example.net/' } })
    const audit = JSON.stringify(await plane.server.db.svcAuditEntry.findMany())
    const setSecretEntries = await plane.server.db.svcAuditEntry.findMany({ where: { operation: 'integrations.set_secret' } })
    expect(setSecretEntries.length).toBeGreaterThanOrEqual(3)
    for (const entry of setSecretEntries) expect((entry.params as { secret?: string }).secret).toBe('[redacted]')
    expect(seenBodies.length).toBeGreaterThan(7)
    for (const plaintext of PLAINTEXTS) {
      expect(audit).not.toContain(plaintext)
      for (const body of seenBodies) expect(body).not.toContain(plaintext)
    }
  })
})
