import type { Tx } from '../../../platform/db/client.ts'
import type { ResolvedOptions } from '../../../platform/settings/resolved-options.ts'
import type { SourceRow } from '../columns.ts'
import { matchTeamMemberAuthor } from './match-team-member.ts'
import { contentSourcesSettings } from '../resource-settings.ts'
import { factsOf } from '../../../platform/host-contract/model-facts.ts'
import { requireContent } from '../../../platform/host-contract/posts.ts'
import { matchAccount } from '../../../platform/host-contract/match-account.ts'
import type { AuthorValue } from '../../../platform/host-contract/post-author.ts'

/** The account linked to a team-member slot (users.update's account), or null. */
async function linkedAccount (db: Tx, slot: number | null): Promise<AuthorValue | null> {
  if (slot === null) return null
  const member = await db.svcTeamMember.findUnique({ where: { slot }, select: { account: { select: { id: true } } } })
  return (member?.account?.id ?? null)
}

/**
 * The author a post gets: pinned or default author, or the one the delivery names, matched per
 * `author_match_mode`. On a host whose author is an integer field it is a team-member slot (the
 * `resolveAuthor` setting, or the team member with that work e-mail or full name). On a host whose
 * author is a relationship to the accounts list it is an account: the one with that e-mail or
 * name (`host.accounts`' fields, any letter case), or the account linked to the team member
 * `resolveAuthor` finds, when that setting is given; `default_author_id` (a slot, as the contract
 * has it) stands for the account linked to that team member.
 */
export async function authorFor (db: Tx, options: ResolvedOptions, source: SourceRow, named: string | null): Promise<AuthorValue | null> {
  const toAccount = factsOf(requireContent(options)).author === 'account'
  const fallback = async () => toAccount ? linkedAccount(db, source.defaultAuthorId) : source.defaultAuthorId
  const by = source.authorMatchMode
  if (source.pinAuthor || named === null || (by !== 'email' && by !== 'name')) return fallback()
  const query = { by, value: named.trim() } as const
  const { resolveAuthor } = contentSourcesSettings.of(options)
  const matched = !toAccount
    ? await (resolveAuthor ?? matchTeamMemberAuthor)(query, db)
    : resolveAuthor
      ? await linkedAccount(db, await resolveAuthor(query, db))
      : await matchAccount(db, options.host.accounts, query, factsOf(requireContent(options)).insensitive) as AuthorValue | null
  return matched ?? fallback()
}
