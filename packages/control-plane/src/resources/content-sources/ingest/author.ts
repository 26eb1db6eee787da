import type { Tx } from '../../../db/client.ts'
import type { ResolvedOptions } from '../../../resolved-options.ts'
import type { SourceRow } from '../columns.ts'
import { matchTeamMemberAuthor } from '../../users/match-author.ts'
import { contentSourcesSettings } from '../resource-settings.ts'

/** The team-member slot a post gets: pinned or default author, or the one the delivery names. */
export async function authorFor (db: Tx, options: ResolvedOptions, source: SourceRow, named: string | null): Promise<number | null> {
  const by = source.authorMatchMode
  if (source.pinAuthor || named === null || (by !== 'email' && by !== 'name')) return source.defaultAuthorId
  const matched = await (contentSourcesSettings.of(options).resolveAuthor ?? matchTeamMemberAuthor)({ by, value: named.trim() }, db)
  return matched ?? source.defaultAuthorId
}
