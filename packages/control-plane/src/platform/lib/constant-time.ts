import { timingSafeEqual } from 'node:crypto'
import { sha256 } from './sha256.ts'

/**
 * Equality of two secrets in time that does not depend on where they differ. Their digests are
 * compared, so the inputs may differ in length without revealing it.
 */
export const constantTimeEqual = (a: string | Uint8Array, b: string | Uint8Array): boolean =>
  timingSafeEqual(sha256(a), sha256(b))
