import type { ResolvedContent } from './content.ts'
import { isRowId } from '../db/row-id.ts'

/**
 * A post id as the control plane carries it: a number for Int ids, a string otherwise (cuid,
 * uuid, …; BigInt ids as their digits, which JSON keeps exact where a number would round).
 */
export type PostId = number | string

/** PostgreSQL's bigint: the largest BigInt id. */
const MAX_BIGINT = 2n ** 63n - 1n

function parseBigIntId (value: unknown): string | null {
  const digits = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value
  return typeof digits === 'string' && /^[1-9]\d{0,18}$/.test(digits) && BigInt(digits) <= MAX_BIGINT ? digits : null
}

/** The post id a caller gave (a number, or digits, or any string for string ids), or null when it cannot be one. */
export function parsePostId (content: ResolvedContent, value: unknown): PostId | null {
  if (content.idType === 'string') return typeof value === 'string' || typeof value === 'number' ? String(value) : null
  if (content.idType === 'bigint') return parseBigIntId(value)
  const id = typeof value === 'string' && /^[1-9]\d{0,15}$/.test(value) ? Number(value) : value
  return typeof id === 'number' && isRowId(id) ? id : null
}

/** A post id as the host's Prisma client takes it: BigInt ids as bigints. */
export const prismaPostId = (content: ResolvedContent, id: PostId): PostId | bigint => content.idType === 'bigint' ? BigInt(id) : id

/** A posts row's id as the control plane carries it. */
export const postIdOfRow = (id: unknown): PostId => typeof id === 'bigint' ? String(id) : id as PostId

/** A post id as the plugin's own lists store it (text, whatever the host's id type). */
export const storedPostId = (id: PostId) => String(id)

/** A stored post id back as the host's id: a number on integer hosts. */
export const postIdFromStored = (content: ResolvedContent | false, stored: string): PostId =>
  content && content.idType === 'integer' && /^\d+$/.test(stored) ? Number(stored) : stored
