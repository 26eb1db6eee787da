import { createHash } from 'node:crypto'

/** SHA-256 of bytes, or of a string's UTF-8 bytes. */
export const sha256 = (data: string | Uint8Array): Buffer => createHash('sha256').update(data).digest()

/** SHA-256 as 64 lower-case hex characters. */
export const sha256Hex = (data: string | Uint8Array): string => sha256(data).toString('hex')
