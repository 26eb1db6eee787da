import { createHash } from 'node:crypto'

/** SHA-256 of a UTF-8 string, as 64 hex characters. */
export const sha256Hex = (text: string): string => createHash('sha256').update(text).digest('hex')
