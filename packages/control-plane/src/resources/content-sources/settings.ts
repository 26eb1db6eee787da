import { z } from 'zod'
import { displayName, httpUrl } from '../../platform/lib/fields.ts'
import { formatSlot, slotNumber } from '../../platform/db/slots.ts'
import { POST_STATUSES } from '../../platform/html/post-statuses.ts'
import { contentTransforms } from '../../platform/html/transforms/index.ts'
import { jsonPath } from './mapping/json-path.ts'
import {
  AUTH_MODES, AUTHOR_MATCH_MODES, FORWARD_AUTH_MODES, REINGEST_MODES, SIG_HEADER_MODES, TAXONOMY_APPLY_MODES,
} from './values.ts'

const slugPattern = /^[a-z0-9]+(?:[-_][a-z0-9]+)*$/

const postTypeSlug = z.string().max(40).regex(slugPattern, 'lower-case letters, digits, - and _')

const metaKey = z.string().regex(/^[A-Za-z0-9_:-]{1,100}$/, 'letters, digits, _, : and -, at most 100')

const userNums = z.object({
  user_nums: z.array(slotNumber.transform(formatSlot)).max(100).describe('Team-member slot numbers ("1", "01" or "001").'),
}).strict()

const cleared = <T extends z.ZodType>(schema: T) =>
  z.union([schema, z.literal('')]).nullable().transform(value => value === '' ? null : value as z.output<T>)

/** Every stored, non-secret setting of a content source, as the API names it. */
export const settingFields = {
  name: displayName.describe('Display name of the source.'),
  enabled: z.boolean().describe('Accept deliveries. A disabled source answers 409 and stores nothing.'),
  auth_mode: z.enum(AUTH_MODES).describe('How deliveries authenticate: none, bearer (Authorization: Bearer <secret>; signs nothing, so a captured delivery can be replayed) or hmac (signs id, timestamp and body; see sig_header_mode).'),
  sig_header_mode: z.enum(SIG_HEADER_MODES)
    .describe('hmac only. standard: Standard Webhooks headers webhook-id, webhook-timestamp, webhook-signature (v1,<base64 HMAC-SHA256 of "id.timestamp.body">), 5-minute tolerance. custom: webhook-id, webhook-timestamp and the header sig_header_name = sha256=<hex HMAC-SHA256 of "id.timestamp.body">, the same tolerance.'),
  sig_header_name: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9-]{0,63}$/, 'an HTTP header name')
    .describe('Signature header for sig_header_mode custom. Default X-Svc-Signature.'),
  default_author_id: z.union([z.number(), z.string().regex(/^\d+$/, 'digits only').transform(Number)])
    .pipe(z.number().int().min(1).max(999)).nullable()
    .describe('Team-member slot number used as author when no author matches (and always with pin_author). null clears.'),
  pin_author: z.boolean().describe('Always use default_author_id, whatever the delivery says.'),
  author_match_mode: z.enum(AUTHOR_MATCH_MODES)
    .describe('default: use default_author_id. email / name: match the mapped author to a team member by e-mail or name, falling back to default_author_id.'),
  default_reviewers: userNums.describe('Team members who review posts from this source: {user_nums: ["001", …]}.'),
  default_ccs: userNums.describe('Team members copied on posts from this source: {user_nums: ["001", …]}.'),
  default_post_status: z.enum(POST_STATUSES).describe('Status of ingested posts.'),
  reingest_mode: z.enum(REINGEST_MODES).describe('A delivery with an external id already ingested: skip it, or update that post.'),
  target_post_type: postTypeSlug.describe('Slug of the post type ingested posts get (post, page, or a custom type).'),
  cpt_post_type: postTypeSlug.nullable().describe('The custom post type this source added with new_cpt, if any.'),
  meta_fields: z.record(metaKey, jsonPath).refine(value => Object.keys(value).length <= 50, 'at most 50 meta fields')
    .describe('Post meta filled from each delivery: {meta_key: "dotted.path.in.delivery"}. Missing paths are left out.'),
  fm_variables: z.record(metaKey, z.union([z.string().max(2000), z.number(), z.boolean(), z.null()]))
    .refine(value => Object.keys(value).length <= 50, 'at most 50 variables')
    .describe('Fixed front-matter variables written into every ingested post\'s meta: {name: value}. meta_fields win on the same key.'),
  target_tag_slug: cleared(z.string().max(80).regex(slugPattern, 'a tag slug'))
    .describe('Tag (slug) added to every ingested post, created when missing. "" or null clears.'),
  taxonomy_apply_mode: z.enum(TAXONOMY_APPLY_MODES)
    .describe('Mapped tags and categories: none ignores them, append adds them to the post\'s terms, replace makes them the post\'s terms.'),
  strip_uncategorized: z.boolean().describe('Drop the "Uncategorized" category and links to it in the content.'),
  content_cleanup: z.boolean().describe(contentTransforms.content_cleanup.summary),
  strip_inbody_toc: z.boolean().describe(contentTransforms.strip_inbody_toc.summary),
  strip_inbody_faq: z.boolean().describe(contentTransforms.strip_inbody_faq.summary),
  add_heading_anchors: z.boolean().describe(contentTransforms.add_heading_anchors.summary),
  image_modify: contentTransforms.image_modify.options.nullable()
    .describe(`null: images untouched. Otherwise: ${contentTransforms.image_modify.summary}`),
  forward_enabled: z.boolean().describe('POST each ingested post as JSON to forward_url (retried from an outbox).'),
  forward_url: cleared(httpUrl).describe('Where ingested posts are forwarded. "" or null clears.'),
  forward_auth_mode: z.enum(FORWARD_AUTH_MODES)
    .describe('none; bearer (Authorization: Bearer <forward_secret>); hmac (Standard Webhooks headers signed with forward_secret).'),
}

export type SettingKey = keyof typeof settingFields

export type SourceSettings = z.output<z.ZodObject<typeof settingFields>>

export const DEFAULT_SETTINGS: Omit<SourceSettings, 'name'> = {
  enabled: true,
  auth_mode: 'hmac',
  sig_header_mode: 'standard',
  sig_header_name: 'X-Svc-Signature',
  default_author_id: null,
  pin_author: false,
  author_match_mode: 'default',
  default_reviewers: { user_nums: [] },
  default_ccs: { user_nums: [] },
  default_post_status: 'draft',
  reingest_mode: 'skip',
  target_post_type: 'post',
  cpt_post_type: null,
  meta_fields: {},
  fm_variables: {},
  target_tag_slug: null,
  taxonomy_apply_mode: 'append',
  strip_uncategorized: false,
  content_cleanup: false,
  strip_inbody_toc: false,
  strip_inbody_faq: false,
  add_heading_anchors: false,
  image_modify: null,
  forward_enabled: false,
  forward_url: null,
  forward_auth_mode: 'none',
}

/** The given settings, each optional, for an operation's params. */
export function optionalSettings<Key extends SettingKey> (keys: readonly Key[]): { [K in Key]: z.ZodOptional<(typeof settingFields)[K]> } {
  return Object.fromEntries(keys.map(key => [key, settingFields[key].optional()])) as never
}

export const webhookSecretParam = z.string().min(16, 'at least 16 characters').max(4096)
  .describe('Webhook secret to use instead of a generated one (secret_source "provided"). Write-only.')

export const forwardSecretParam = z.string().min(1, 'must not be empty').max(4096)
  .describe('Secret for forwarding: the bearer token, or the HMAC key (a whsec_ secret is base64-decoded). Write-only.')

export const newCptParam = z.object({
  slug: postTypeSlug.describe('Slug of the new post type.'),
  name: displayName.describe('Display name of the new post type.'),
}).strict().describe('Create a custom post type for this source and target it: {slug, name}.')
