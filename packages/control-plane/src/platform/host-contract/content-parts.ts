import type { ContentFieldMap, ResolvedContent } from './content.ts'
import type { PostStatus } from '../html/post-statuses.ts'

/**
 * A part of the host's posts something may need: an optional field of the map, or a publication
 * state (`status.pending`) a source may ingest posts as.
 */
export type ContentPart = Exclude<keyof ContentFieldMap, 'title' | 'body' | 'status'> | `status.${PostStatus}`

/**
 * Whether the host's posts have the part. A state is there when the status field maps it, or when
 * there is no status field at all (posts keep the host's default, whatever state is asked for).
 * Without posts (`host.content: false`), no part is.
 */
export function hasContentPart (content: ResolvedContent | false, part: ContentPart): boolean {
  if (!content) return false
  if (!part.startsWith('status.')) return content.fields[part as Exclude<ContentPart, `status.${PostStatus}`>] !== null
  const { status } = content.fields
  return status === null || status.values[part.slice('status.'.length) as PostStatus] !== undefined
}
