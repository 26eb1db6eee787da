import { conflict, invalidParams } from '../../platform/errors/errors.ts'
import type { PostsGateway } from '../../platform/host-contract/posts.ts'
import { hostStatus } from '../../platform/host-contract/posts.ts'
import type { PostStatus } from '../../platform/html/post-statuses.ts'
import type { SourceSettings } from './settings.ts'
import type { ResolvedOptions } from '../../platform/settings/resolved-options.ts'
import { factsOf } from '../../platform/host-contract/model-facts.ts'
import { contentSourcesSettings } from './resource-settings.ts'

/** The post type every source targets unless told otherwise; on a host without post types it means "no type". */
const DEFAULT_POST_TYPE = 'post'

function noPostTypes (path: string): never {
  throw invalidParams(`the host's posts have no post type (host.content.fields.postType): ${path} cannot be used`, {
    issues: [{ path, code: 'not_supported', message: 'the host\'s posts list has no post type field' }],
  })
}

/** Ingested posts need their target post type to exist; a host without post types takes only the default. */
export async function requirePostType (posts: PostsGateway, slug: string): Promise<void> {
  if (!posts.has('postType')) {
    if (slug === DEFAULT_POST_TYPE) return
    noPostTypes('target_post_type')
  }
  if (await posts.findTerm('postType', slug)) return
  throw invalidParams(`post type "${slug}" does not exist; create it with new_cpt`, {
    issues: [{ path: 'target_post_type', code: 'not_found', message: `no post type "${slug}"` }],
  })
}

/** new_cpt on create: a new custom post type. An existing slug is a conflict, not a silent reuse. */
export async function addPostType (posts: PostsGateway, type: { slug: string, name: string }): Promise<void> {
  if (!posts.has('postType')) noPostTypes('new_cpt')
  if (await posts.findTerm('postType', type.slug)) {
    throw conflict(`post type "${type.slug}" already exists; target it with target_post_type instead of new_cpt`)
  }
  await posts.createTerm('postType', type)
}

/** On import: the source's custom post type, created when this site lacks it. */
export async function ensurePostType (posts: PostsGateway, type: { slug: string, name: string }): Promise<void> {
  if (!posts.has('postType')) noPostTypes('new_cpt')
  if (await posts.findTerm('postType', type.slug)) return
  await posts.createTerm('postType', type)
}

export async function postTypeName (posts: PostsGateway, slug: string): Promise<string | null> {
  return (await posts.findTerm('postType', slug))?.name ?? null
}

type Issue = { path: string, code: string, message: string }

const unsupported = (path: string, part: string): Issue =>
  ({ path, code: 'not_supported', message: `the host's posts have no ${part} (host.content.fields.${part})` })

/** The settings `requireHostParts` checks; an update checks them when one of them changes. */
export const HOST_PART_SETTINGS: readonly string[] = ['target_tag_slug', 'meta_fields', 'fm_variables', 'default_author_id', 'author_match_mode', 'default_post_status']

/**
 * Matching an author by e-mail to an account (the posts' author a relationship to the accounts
 * list) needs the accounts' e-mail field, unless the host resolves authors itself.
 */
function accountEmailMissing (posts: PostsGateway, options: ResolvedOptions): boolean {
  return factsOf(posts.content).author === 'account' && options.host.accounts.emailField === null && !contentSourcesSettings.of(options).resolveAuthor
}

/**
 * Settings that only work with a part of a post the host's field map leaves out are refused,
 * rather than silently ignored: `target_tag_slug` needs tags, `meta_fields` and `fm_variables`
 * need meta, `default_author_id` and author matching need an author, matching by e-mail an
 * e-mail field of the accounts when the author is one.
 */
export function requireHostParts (posts: PostsGateway, settings: Pick<SourceSettings, 'target_tag_slug' | 'meta_fields' | 'fm_variables' | 'default_author_id' | 'author_match_mode' | 'default_post_status'>, options: ResolvedOptions): void {
  const { fields } = posts.content
  const issues: Issue[] = []
  if (settings.target_tag_slug && !fields.tags) issues.push(unsupported('target_tag_slug', 'tags'))
  if (Object.keys(settings.meta_fields).length > 0 && !fields.meta) issues.push(unsupported('meta_fields', 'meta'))
  if (Object.keys(settings.fm_variables).length > 0 && !fields.meta) issues.push(unsupported('fm_variables', 'meta'))
  if (settings.default_author_id !== null && !fields.author) issues.push(unsupported('default_author_id', 'author'))
  if (settings.author_match_mode !== 'default' && !fields.author) issues.push(unsupported('author_match_mode', 'author'))
  else if (settings.author_match_mode === 'email' && accountEmailMissing(posts, options)) {
    issues.push({ path: 'author_match_mode', code: 'not_supported', message: 'the host\'s accounts have no e-mail field to match an author by (host.accounts.emailField): match by name' })
  }
  if (issues.length > 0) throw invalidParams(issues.map(issue => `${issue.path}: ${issue.message}`).join('; '), { issues })
  requirePostStatus(posts, settings.default_post_status)
}

/**
 * A source's `default_post_status` must be a state the host's status field can hold. Without a
 * status field at all, ingested posts keep the host's default and any state is accepted.
 */
function requirePostStatus (posts: PostsGateway, status: PostStatus): void {
  if (!posts.content.fields.status || hostStatus(posts.content, status) !== null) return
  throw invalidParams(`the host's status field has no value for "${status}" (host.content.fields.status.${status === 'publish' ? 'published' : status})`, {
    issues: [{ path: 'default_post_status', code: 'not_supported', message: `no host value is mapped for "${status}"` }],
  })
}
