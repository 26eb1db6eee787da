import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'
import type { SecretBinding } from './sealed-column.ts'

/** The first format: no key id, no associated data. Still opened, never written. */
const LEGACY = 'v1'
const VERSION = 'v2'

/** GCM accepts tags as short as 4 bytes unless told the length: a shortened tag would be far easier to forge. */
const AUTH_TAG_BYTES = 16

/** A key's id: the first 8 base64url characters of its SHA-256, so no key needs a name of its own. */
export const keyIdOf = (key: Buffer): string => createHash('sha256').update(key).digest('base64url').slice(0, 8)

/** The associated data: the ciphertext opens only in the column and row it was sealed for. */
const associatedData = ({ column, row }: SecretBinding): Buffer =>
  Buffer.from(['svc-secret', column.model, column.column, String(row)].join('\0'), 'utf8')

/**
 * Encrypts secrets at rest with AES-256-GCM under the first of its keys, bound to their table,
 * column and row as associated data. Ciphertext: `v2:<key id>:<iv>:<tag>:<data>`, base64 parts.
 * It opens a ciphertext with whichever of its keys sealed it, and the single-key `v1:` form.
 */
export class SecretBox {
  readonly #keys: ReadonlyMap<string, Buffer>
  readonly #primary: string

  constructor (keys: Buffer | readonly Buffer[]) {
    const list = Buffer.isBuffer(keys) ? [keys] : [...keys]
    if (list.length === 0) throw new Error('at least one encryption key is needed')
    for (const key of list) if (key.length !== 32) throw new Error('an encryption key must be 32 bytes')
    this.#keys = new Map(list.map(key => [keyIdOf(key), key]))
    this.#primary = keyIdOf(list[0]!)
  }

  /** The id of the key new secrets are sealed with. */
  get primaryKeyId (): string {
    return this.#primary
  }

  seal (plaintext: string, binding: SecretBinding): string {
    const iv = randomBytes(12)
    const cipher = createCipheriv('aes-256-gcm', this.#keys.get(this.#primary)!, iv, { authTagLength: AUTH_TAG_BYTES })
    cipher.setAAD(associatedData(binding))
    const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
    return [VERSION, this.#primary, iv.toString('base64'), cipher.getAuthTag().toString('base64'), data.toString('base64')].join(':')
  }

  open (sealed: string, binding: SecretBinding): string {
    const parts = sealed.split(':')
    if (parts[0] === LEGACY) return this.#openLegacy(parts)
    const [version, keyId, iv, tag, data] = parts
    if (version !== VERSION || !keyId || !iv || !tag || data === undefined) throw new Error('not a sealed secret')
    const key = this.#keys.get(keyId)
    if (!key) throw new Error(`this secret was sealed with key ${keyId}, which SVC_ENCRYPTION_KEYS does not hold`)
    return decrypt(key, iv, tag, data, associatedData(binding))
  }

  /** Whether a ciphertext should be sealed again: the old format, or a key other than the first. */
  needsRotation (sealed: string): boolean {
    return !sealed.startsWith(`${VERSION}:${this.#primary}:`)
  }

  #openLegacy ([, iv, tag, data]: string[]): string {
    if (!iv || !tag || data === undefined) throw new Error('not a sealed secret')
    for (const key of this.#keys.values()) {
      try {
        return decrypt(key, iv, tag, data, null)
      } catch {
        // Another key sealed it; GCM's tag tells them apart.
      }
    }
    throw new Error('no configured encryption key opens this secret')
  }
}

function decrypt (key: Buffer, iv: string, tag: string, data: string, aad: Buffer | null): string {
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'), { authTagLength: AUTH_TAG_BYTES })
  if (aad) decipher.setAAD(aad)
  decipher.setAuthTag(Buffer.from(tag, 'base64'))
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8')
}

/** Accepts 64 hex characters or base64 of exactly 32 bytes. */
export function parseEncryptionKey (value: string): Buffer {
  const trimmed = value.trim()
  const key = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64')
  if (key.length !== 32) throw new Error('an encryption key must be 32 bytes: 64 hex characters or base64')
  return key
}

/** `SVC_ENCRYPTION_KEYS`: comma-separated keys, the first used for new secrets. */
export function parseEncryptionKeys (value: string): Buffer[] {
  return value.split(',').map(entry => entry.trim()).filter(Boolean).map(parseEncryptionKey)
}
