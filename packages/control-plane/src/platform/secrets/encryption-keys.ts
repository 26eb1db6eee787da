import { existsSync } from 'node:fs'
import path from 'node:path'
import { readOrCreateDevSecret } from './dev-secret.ts'
import { parseEncryptionKeys, SecretBox } from './secret-box.ts'
import { defaultLog } from '../lib/log.ts'

const DEV_KEY_FILE = 'encryption.key'

export type KeySource = {
  /** `SVC_ENCRYPTION_KEYS` (or `SVC_ENCRYPTION_KEY`): one or more comma-separated keys. */
  configured: string | undefined
  varDir: string
  /** `NODE_ENV=production`. */
  production: boolean
  /** `SVC_ALLOW_GENERATED_KEY=1`: production may generate a key under `varDir` (a fresh clone's `npm start`). */
  allowGenerated: boolean
}

/**
 * The secret box of the configured keys. Without any, development generates one under `varDir`
 * (with a warning naming the file); production refuses, unless the key file already exists
 * (used, with the same warning) or generating was explicitly allowed: a key nobody configured
 * is a key nobody backs up, and losing it loses every stored secret.
 */
export function createSecretBox (source: KeySource, log = defaultLog): SecretBox {
  if (source.configured?.trim()) return new SecretBox(parseEncryptionKeys(source.configured))
  const file = path.resolve(source.varDir, DEV_KEY_FILE)
  if (source.production && !source.allowGenerated && !existsSync(file)) {
    throw new Error(`SVC_ENCRYPTION_KEYS is not set. In production the control plane does not generate an encryption key: set SVC_ENCRYPTION_KEYS (64 hex characters, e.g. from \`openssl rand -hex 32\`), or SVC_ALLOW_GENERATED_KEY=1 to keep one in ${file}`)
  }
  if (source.production && existsSync(file)) log(`SVC_ENCRYPTION_KEYS is not set: using the generated key in ${file}. Back it up, or move it to SVC_ENCRYPTION_KEYS.`)
  return new SecretBox(parseEncryptionKeys(readOrCreateDevSecret(DEV_KEY_FILE, 'SVC_ENCRYPTION_KEYS', source.varDir)))
}
