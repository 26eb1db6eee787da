// From the runtime, not the generated client: Keystone bundles src/ as CommonJS, where the
// generated client cannot load. Prisma recognises DbNull by a registered symbol, so any copy works.
import { DbNull, type InputJsonValue } from '@prisma/client/runtime/client'
import { z } from 'zod'

/** Nesting depth of a JSON value, measured without recursion so any input is safe to measure. */
export function jsonDepth (value: unknown): number {
  let deepest = 0
  const pending: Array<[unknown, number]> = [[value, 1]]
  while (pending.length > 0) {
    const [current, depth] = pending.pop()!
    deepest = Math.max(deepest, depth)
    if (typeof current === 'object' && current !== null) {
      for (const inner of Object.values(current)) pending.push([inner, depth + 1])
    }
  }
  return deepest
}

const jsonByteLength = (value: unknown): number => Buffer.byteLength(JSON.stringify(value), 'utf8')

/**
 * Any JSON value (null included; absent is not a value), bounded in depth before anything
 * recursive touches it and then in serialized size.
 */
export function boundedJson ({ maxBytes, maxDepth }: { maxBytes: number, maxDepth: number }) {
  return z.unknown()
    .superRefine((value, ctx) => {
      if (value === undefined) {
        ctx.addIssue({ code: 'custom', message: 'required: any JSON value (null included)' })
      } else if (jsonDepth(value) > maxDepth) {
        ctx.addIssue({ code: 'custom', message: `nested more than ${maxDepth} levels deep` })
      } else if (jsonByteLength(value) > maxBytes) {
        ctx.addIssue({ code: 'custom', message: `larger than ${maxBytes} bytes serialized as JSON` })
      }
    })
}

/**
 * A value for a JSON column: Prisma needs `DbNull` to write SQL NULL; anything else passes through.
 * Typed as a JSON input so no write casts (a required column refuses null either way).
 */
export function jsonColumn (value: unknown): InputJsonValue {
  const column: unknown = value === null || value === undefined ? DbNull : value
  return column as InputJsonValue
}
