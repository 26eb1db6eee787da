// From the runtime, not the generated client: Keystone bundles src/ as CommonJS, where the
// generated client cannot load. Prisma recognises DbNull by a registered symbol, so any copy works.
import { DbNull } from '@prisma/client/runtime/client'

/** Prisma needs `DbNull` to write SQL NULL into a JSON column; plain values pass through. */
export function jsonColumn (value: unknown): any {
  return value === null || value === undefined ? DbNull : value
}
