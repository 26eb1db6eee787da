import { randomBytes } from 'node:crypto'

/** 32 symbols without look-alikes (no 0/o, 1/l); 256 is a multiple of 32, so every symbol is equally likely. */
const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789'
const LENGTH = 20

/** A public lead reference: `ld_` and 20 random symbols (100 bits), so refs cannot be guessed or enumerated. */
export function newLeadRef (): string {
  return `ld_${[...randomBytes(LENGTH)].map(byte => ALPHABET[byte % ALPHABET.length]).join('')}`
}
