import { hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2'
import bcrypt from 'bcryptjs'

const BCRYPT_PREFIX = /^\$2[aby]\$/

/** Called after a legacy bcrypt hash verified, with the argon2id hash that should replace it. */
export type LegacyRehash = (legacyHash: string, argon2idHash: string) => Promise<void>

let rehashLegacy: LegacyRehash | null = null

/** Lets the host wire the database write that replaces a verified legacy hash. */
export function onLegacyPasswordVerified (rehash: LegacyRehash | null): void {
  rehashLegacy = rehash
}

function isLegacyBcryptHash (hash: string): boolean {
  return BCRYPT_PREFIX.test(hash)
}

export function hashPassword (preImage: string): Promise<string> {
  return argon2Hash(preImage)
}

export async function verifyPassword (preImage: string, hash: string): Promise<boolean> {
  if (!isLegacyBcryptHash(hash)) return argon2Verify(hash, preImage).catch(() => false)
  const ok = await bcrypt.compare(preImage, hash)
  // A bcrypt salt is unique per hash, so the old hash itself identifies the account to upgrade.
  if (ok && rehashLegacy) await rehashLegacy(hash, await hashPassword(preImage))
  return ok
}

/** Keystone password-field KDF: argon2id for new hashes, legacy bcrypt hashes still verify. */
export const passwordKdf = { hash: hashPassword, compare: verifyPassword }
