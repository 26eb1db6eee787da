import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import { readOrCreateDevSecret } from './dev-secret.ts'

const VERSION = 'v1'

/** Encrypts secrets at rest with AES-256-GCM. Ciphertext: `v1:<iv>:<tag>:<data>`, base64 parts. */
export class SecretBox {
  readonly #key: Buffer

  constructor (key: Buffer) {
    if (key.length !== 32) throw new Error('the encryption key must be 32 bytes')
    this.#key = key
  }

  seal (plaintext: string): string {
    const iv = randomBytes(12)
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv)
    const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
    return [VERSION, iv.toString('base64'), cipher.getAuthTag().toString('base64'), data.toString('base64')].join(':')
  }

  open (sealed: string): string {
    const [version, iv, tag, data] = sealed.split(':')
    if (version !== VERSION || !iv || !tag || data === undefined) throw new Error('not a sealed secret')
    const decipher = createDecipheriv('aes-256-gcm', this.#key, Buffer.from(iv, 'base64'))
    decipher.setAuthTag(Buffer.from(tag, 'base64'))
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8')
  }
}

/** Accepts 64 hex characters or base64 of exactly 32 bytes. */
export function parseEncryptionKey (value: string): Buffer {
  const trimmed = value.trim()
  const key = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64')
  if (key.length !== 32) throw new Error('SVC_ENCRYPTION_KEY must be 32 bytes: 64 hex characters or base64')
  return key
}

export function createSecretBox (configuredKey: string | undefined, varDir: string): SecretBox {
  const key = configuredKey ?? readOrCreateDevSecret('encryption.key', 'SVC_ENCRYPTION_KEY', varDir)
  return new SecretBox(parseEncryptionKey(key))
}
