import { randomFillSync } from 'node:crypto'

const POOL_BYTES = 4096
let pool = Buffer.alloc(0)
let used = POOL_BYTES

/**
 * `bytes` random bytes as hex, cut from a pool the CSPRNG refills 4 KiB at a time, as Node's
 * `randomUUID` does: a `randomBytes` call per id costs a few microseconds each, and a dispatch
 * takes two (its span and trace ids) whether or not anything records them. For identifiers only
 * (trace, span and event ids), never for a secret: those keep a buffer of their own.
 */
export function randomHex (bytes: number): string {
  if (used + bytes > pool.length) {
    pool = randomFillSync(Buffer.allocUnsafe(Math.max(POOL_BYTES, bytes)))
    used = 0
  }
  const hex = pool.toString('hex', used, used + bytes)
  used += bytes
  return hex
}
