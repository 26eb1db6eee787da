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

export const jsonByteLength = (value: unknown): number => Buffer.byteLength(JSON.stringify(value), 'utf8')

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
