import type { ResolvedContent } from './content.ts'
import { isRowId } from '../db/row-id.ts'

/** A post id as the host's database holds it: a number for autoincrement ids, a string (cuid, uuid, …) otherwise. */
export type PostId = number | string

/** The post id a caller gave (a number, or digits, or any string for string ids), or null when it cannot be one. */
export function parsePostId (content: ResolvedContent, value: unknown): PostId | null {
  if (content.idType === 'string') return typeof value === 'string' || typeof value === 'number' ? String(value) : null
  const id = typeof value === 'string' && /^[1-9]\d{0,15}$/.test(value) ? Number(value) : value
  return typeof id === 'number' && isRowId(id) ? id : null
}

/** A post id as the plugin's own lists store it (text, whatever the host's id type). */
export const storedPostId = (id: PostId) => String(id)

/** A stored post id back as the host's id: a number on integer hosts. */
export const postIdFromStored = (content: ResolvedContent | false, stored: string): PostId =>
  content && content.idType === 'integer' && /^\d+$/.test(stored) ? Number(stored) : stored
