import type { ResolvedContent } from '../../../platform/host-contract/content.ts'
import type { AnyStageDefinition, PostPart } from '../../../platform/html/stage.ts'

const PARTS: readonly PostPart[] = ['excerpt', 'tags', 'categories', 'meta']

/** Every optional part: a host with the full field map. */
export const ALL_PARTS: ReadonlySet<PostPart> = new Set(PARTS)

/** The optional parts the host's posts have. */
export const availableParts = (content: ResolvedContent): ReadonlySet<PostPart> =>
  new Set(PARTS.filter(part => content.fields[part] !== null))

/** Why a stage cannot run on this host's posts, or null when it can. */
export function missingPartsReason (stage: AnyStageDefinition, available: ReadonlySet<PostPart>): string | null {
  const missing = (stage.requires ?? []).filter(part => !available.has(part))
  if (missing.length === 0) return null
  return `needs the post's ${missing.join(' and ')}, which the host's posts list does not have (host.content.fields.${missing[0]})`
}
