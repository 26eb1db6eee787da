import { randomBytes } from 'node:crypto'
import { sha256Hex } from '../lib/sha256.ts'
import { constantTimeEqual } from '../lib/constant-time.ts'

/** `svc_<public id>_<secret>`: the public id finds the row, the secret proves possession. */
const KEY_PATTERN = /^svc_([a-z0-9]{12})_([A-Za-z0-9_-]{43})$/

export type MintedKey = { publicId: string, plaintext: string, secretDigest: string }

const PUBLIC_ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789'

function randomPublicId (): string {
  const bytes = randomBytes(12)
  return [...bytes].map(byte => PUBLIC_ID_ALPHABET[byte % PUBLIC_ID_ALPHABET.length]).join('')
}

/** SHA-256 is enough for a 256-bit random secret, and costs a microsecond instead of a KDF's milliseconds. */
export const digestSecret = (secret: string): string => sha256Hex(secret)

export function mintKey (): MintedKey {
  const publicId = randomPublicId()
  const secret = randomBytes(32).toString('base64url')
  return { publicId, plaintext: `svc_${publicId}_${secret}`, secretDigest: digestSecret(secret) }
}

export function parseKey (plaintext: string): { publicId: string, secret: string } | null {
  const match = KEY_PATTERN.exec(plaintext)
  return match ? { publicId: match[1]!, secret: match[2]! } : null
}

export function secretMatches (secret: string, storedDigest: string): boolean {
  return constantTimeEqual(digestSecret(secret), storedDigest)
}

export const keyPrefix = (publicId: string) => `svc_${publicId}`
