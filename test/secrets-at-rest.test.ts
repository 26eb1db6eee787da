import { createCipheriv, randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, test } from '@jest/globals'
import { useTestServer } from './support/in-process-server.ts'
import { SecretBox, keyIdOf, parseEncryptionKey, parseEncryptionKeys } from '../packages/control-plane/src/platform/secrets/secret-box.ts'
import { createSecretBox } from '../packages/control-plane/src/platform/secrets/encryption-keys.ts'
import { rotateSealedSecrets } from '../packages/control-plane/src/platform/secrets/rotate.ts'
import { bindTo } from '../packages/control-plane/src/platform/secrets/sealed-column.ts'
import { CRM_API_KEY } from '../packages/control-plane/src/resources/crm/sealed-columns.ts'
import { WEBHOOK_SECRET } from '../packages/control-plane/src/resources/content-sources/sealed-columns.ts'
import { resolveOptions } from '../packages/control-plane/src/kernel/options.ts'

const plane = useTestServer()
const crm = plane.caller('crm')
const newKey = () => randomBytes(32)

/** A ciphertext in the first format (`v1:iv:tag:data`, no key id, no associated data), as sites hold from before. */
function legacySeal (key: Buffer, plaintext: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
  return ['v1', iv.toString('base64'), cipher.getAuthTag().toString('base64'), data.toString('base64')].join(':')
}

async function crmWithKey (name: string, apiKey: string): Promise<number> {
  const { crm_num } = (await crm('create', { name, url: 'https://crm.example.com' })).body.data
  expect((await crm('set_secret', { crm_num, api_key: apiKey })).body.ok).toBe(true)
  return Number(crm_num)
}
const storedKey = async (slot: number) => (await plane.server.db.svcCrmSlot.findUniqueOrThrow({ where: { slot } })).apiKeyCiphertext!

describe('a ciphertext is bound to its table, column and row', () => {
  test('each stored secret names its key and opens only for the row and column it was sealed for', async () => {
    const first = await crmWithKey('Bound one', 'key-of-slot-one')
    const second = await crmWithKey('Bound two', 'key-of-slot-two')
    const sealed = await storedKey(first)
    expect(sealed).toMatch(new RegExp(`^v2:${keyIdOf(parseEncryptionKey(plane.server.encryptionKey))}:`))
    const box = plane.server.runtime.secrets
    expect(box.open(sealed, bindTo(CRM_API_KEY, first))).toBe('key-of-slot-one')
    expect(() => box.open(sealed, bindTo(CRM_API_KEY, second))).toThrow()
    expect(() => box.open(sealed, bindTo(WEBHOOK_SECRET, String(first)))).toThrow()
  })

  test('a secret copied into another row in the database is not usable there', async () => {
    const from = await crmWithKey('Copied from', 'key-worth-stealing')
    const to = await crmWithKey('Copied to', 'key-of-its-own')
    await plane.server.db.svcCrmSlot.update({ where: { slot: to }, data: { apiKeyCiphertext: await storedKey(from) } })
    const copied = await storedKey(to)
    expect(() => plane.server.runtime.secrets.open(copied, bindTo(CRM_API_KEY, to))).toThrow()
  })
})

describe('several keys, and rotation', () => {
  test('SVC_ENCRYPTION_KEYS: the first seals, every listed key opens what it sealed, an unlisted one is named', () => {
    const [a, b] = [newKey(), newKey()]
    const binding = bindTo(CRM_API_KEY, 1)
    const underA = new SecretBox([a]).seal('secret', binding)
    const both = new SecretBox(parseEncryptionKeys(`${b.toString('hex')}, ${a.toString('base64')}`))
    expect(both.open(underA, binding)).toBe('secret')
    expect(both.seal('secret', binding)).toMatch(new RegExp(`^v2:${keyIdOf(b)}:`))
    expect(() => new SecretBox([b]).open(underA, binding)).toThrow(`sealed with key ${keyIdOf(a)}`)
  })

  test('the environment\'s SVC_ENCRYPTION_KEYS wins over SVC_ENCRYPTION_KEY', () => {
    const options = resolveOptions({ env: { SVC_ENCRYPTION_KEYS: 'new,old', SVC_ENCRYPTION_KEY: 'single' } })
    expect(options.encryptionKey).toBe('new,old')
  })

  test('a ciphertext of the first format, from a single key, is still read', () => {
    const key = newKey()
    expect(new SecretBox([newKey(), key]).open(legacySeal(key, 'from before'), bindTo(CRM_API_KEY, 3))).toBe('from before')
  })

  test('rotation re-seals every stored secret with the first key, in batches, old-format ones included; then the old key can go', async () => {
    const old = parseEncryptionKey(plane.server.encryptionKey)
    const slots = [await crmWithKey('Rotate a', 'rotate-a'), await crmWithKey('Rotate b', 'rotate-b'), await crmWithKey('Rotate c', 'rotate-c')]
    const legacySlot = await crmWithKey('Rotate legacy', 'placeholder')
    await plane.server.db.svcCrmSlot.update({ where: { slot: legacySlot }, data: { apiKeyCiphertext: legacySeal(old, 'rotate-legacy') } })
    const source = (await plane.dispatch({ resource: 'content_sources', action: 'create', params: { name: `Rotated ${Math.random()}` } })).body.data

    const fresh = newKey()
    const rotating = new SecretBox([fresh, old])
    const batches: number[] = []
    const report = await rotateSealedSecrets(plane.server.db, rotating, plane.server.runtime.options.sealedColumns, { batchSize: 2, onBatch: (_column, batch) => batches.push(batch.checked) })
    expect(report.resealed).toBeGreaterThanOrEqual(5)
    // The row another test copied a ciphertext into opens with no key: counted, left alone, the rest still moved.
    expect(report.unreadable).toBeLessThanOrEqual(1)
    expect(Math.max(...batches)).toBeLessThanOrEqual(2)

    const onlyNew = new SecretBox([fresh])
    for (const [slot, plaintext] of [[slots[0], 'rotate-a'], [slots[1], 'rotate-b'], [slots[2], 'rotate-c'], [legacySlot, 'rotate-legacy']] as const) {
      const sealed = await storedKey(slot!)
      expect(sealed).toMatch(new RegExp(`^v2:${keyIdOf(fresh)}:`))
      expect(onlyNew.open(sealed, bindTo(CRM_API_KEY, slot!))).toBe(plaintext)
    }
    const row = await plane.server.db.svcContentSource.findUniqueOrThrow({ where: { id: source.id } })
    expect(onlyNew.open(row.secretCiphertext!, bindTo(WEBHOOK_SECRET, source.slug))).toBe(source.secret)

    const again = await rotateSealedSecrets(plane.server.db, rotating, plane.server.runtime.options.sealedColumns)
    expect(again.resealed).toBe(0)
  })
})

describe('no key is generated silently in production', () => {
  const varDir = () => mkdtempSync(path.join(tmpdir(), 'svc-keys-'))

  test('production without a key refuses to start, naming SVC_ENCRYPTION_KEYS', () => {
    const dir = varDir()
    expect(() => createSecretBox({ configured: undefined, varDir: dir, production: true, allowGenerated: false })).toThrow(/SVC_ENCRYPTION_KEYS is not set\. In production/)
    expect(existsSync(path.join(dir, 'encryption.key'))).toBe(false)
  })

  test('allowed explicitly (a fresh clone\'s npm start), it generates one and the warning names the file; later starts use it and say so', () => {
    const dir = varDir()
    const lines: string[] = []
    const first = createSecretBox({ configured: undefined, varDir: dir, production: true, allowGenerated: true }, line => lines.push(line))
    const file = path.join(dir, 'encryption.key')
    expect(readFileSync(file, 'utf8').trim()).not.toBe('')
    const second = createSecretBox({ configured: undefined, varDir: dir, production: true, allowGenerated: false }, line => lines.push(line))
    expect(second.open(first.seal('x', bindTo(CRM_API_KEY, 1)), bindTo(CRM_API_KEY, 1))).toBe('x')
    expect(lines.some(line => line.includes(file))).toBe(true)
  })

  test('a configured key generates nothing', () => {
    const dir = varDir()
    createSecretBox({ configured: newKey().toString('hex'), varDir: dir, production: true, allowGenerated: false })
    expect(existsSync(path.join(dir, 'encryption.key'))).toBe(false)
  })
})

describe('the GCM tag', () => {
  test('a ciphertext whose tag was shortened does not open: the tag length is pinned to 16 bytes', () => {
    const box = new SecretBox([newKey()])
    const binding = bindTo(CRM_API_KEY, 7)
    const [version, keyId, iv, tag, data] = box.seal('short-tag secret', binding).split(':')
    expect(box.open([version, keyId, iv, tag, data].join(':'), binding)).toBe('short-tag secret')
    const shortened = Buffer.from(tag!, 'base64').subarray(0, 4).toString('base64')
    expect(() => box.open([version, keyId, iv, shortened, data].join(':'), binding)).toThrow()
  })
})
