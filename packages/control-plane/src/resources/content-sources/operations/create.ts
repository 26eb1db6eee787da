import { z } from 'zod'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { contentSourceChanged } from '../events.ts'
import { retryOnUniqueViolation } from '../../../platform/db/retry-unique.ts'
import { invalidParams } from '../../../platform/errors/errors.ts'
import { DEFAULT_SETTINGS, forwardSecretParam, newCptParam, optionalSettings, settingFields, webhookSecretParam, type SourceSettings } from '../settings.ts'
import { settingsData } from '../columns.ts'
import { sourceRecord, toSourceRecord } from '../shape.ts'
import { assertConsistentSettings, definedOnly } from '../check-settings.ts'
import { addPostType, requireHostParts, requirePostType } from '../post-types.ts'
import { hostPosts } from '../../../platform/host-contract/posts.ts'
import { freeSourceSlug } from '../source-slug.ts'
import { initialSecret, type InitialSecret } from '../initial-secret.ts'
import { sourceStatus } from '../status.ts'
import { assertAllowedDestination } from '../../../platform/outgoing-http/outbound-guard.ts'
import { FORWARD_SECRET } from '../sealed-columns.ts'
import { bindTo } from '../../../platform/secrets/sealed-column.ts'

const CREATE_SETTINGS = [
  'auth_mode', 'default_author_id', 'pin_author', 'target_post_type', 'meta_fields', 'fm_variables',
  'forward_enabled', 'forward_url', 'forward_auth_mode', 'sig_header_mode', 'sig_header_name', 'author_match_mode',
  'target_tag_slug', 'taxonomy_apply_mode', 'strip_uncategorized', 'content_cleanup', 'strip_inbody_toc',
  'strip_inbody_faq', 'add_heading_anchors', 'image_modify',
] as const

export const plaintextSecret = z.string()
  .describe('The webhook secret in plaintext, only when it was generated (secret_source "generated"); "" otherwise. Shown once.')

export const createContentSource = defineOperation({
  summary: 'Create a content source; its id, slug and (unless supplied or auth_mode is none) webhook secret are generated.',
  description: 'The slug is the name made URL-safe, suffixed on collision; senders POST to ingest_path. A generated secret (whsec_ + base64 of 32 random bytes) is returned once. Deliveries wait for an approved mapping: the first one becomes the sample.',
  examples: [{ title: 'A source that signs its deliveries (HMAC)', params: { name: 'Partner newsroom', auth_mode: 'hmac', content_cleanup: true } }],
  params: z.object({
    name: settingFields.name,
    ...optionalSettings(CREATE_SETTINGS),
    secret: webhookSecretParam.optional(),
    forward_secret: forwardSecretParam.optional(),
    new_cpt: newCptParam.optional(),
  }),
  returns: sourceRecord.extend({ secret: plaintextSecret }),
  async handler ({ name, secret, forward_secret, new_cpt, ...given }, context) {
    const { db, secrets, options } = context
    const settings: SourceSettings = { ...DEFAULT_SETTINGS, name, ...definedOnly(given) }
    if (new_cpt) {
      if (given.target_post_type !== undefined && given.target_post_type !== new_cpt.slug) {
        throw invalidParams('target_post_type and new_cpt.slug differ: new_cpt is the post type the source targets')
      }
      settings.target_post_type = settings.cpt_post_type = new_cpt.slug
    }
    assertConsistentSettings(settings, { forwardKeySet: forward_secret !== undefined })
    requireHostParts(hostPosts(db, options), settings, options)
    assertAllowedDestination(options.outbound, settings.forward_url, 'forward_url')
    let webhookSecret: InitialSecret | undefined
    const row = await retryOnUniqueViolation(() => db.$transaction(async tx => {
      const posts = hostPosts(tx, options)
      if (new_cpt) await addPostType(posts, new_cpt)
      else await requirePostType(posts, settings.target_post_type)
      const slug = await freeSourceSlug(tx, name)
      webhookSecret = initialSecret(settings.auth_mode, secret, secrets, slug)
      const created = await tx.svcContentSource.create({
        data: {
          ...settingsData(settings),
          slug,
          status: sourceStatus({ enabled: settings.enabled, mappingStatus: 'none', hasSample: false }),
          secretCiphertext: webhookSecret.sealed,
          secretSource: webhookSecret.source,
          forwardSecretCiphertext: forward_secret === undefined ? null : secrets.seal(forward_secret, bindTo(FORWARD_SECRET, slug)),
        },
      })
      await context.emit(tx, contentSourceChanged, { action: 'created', id: created.id, record: toSourceRecord(created, options.basePath) })
      return created
    }))
    return { data: { ...toSourceRecord(row, options.basePath), secret: webhookSecret!.plaintext }, changed: true }
  },
})
