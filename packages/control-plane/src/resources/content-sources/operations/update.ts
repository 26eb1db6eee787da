import { z } from 'zod'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { contentSourceChanged } from '../events.ts'
import { forwardSecretParam, optionalSettings, webhookSecretParam, type SettingKey, type SourceSettings } from '../settings.ts'
import { settingsData, settingsOf } from '../columns.ts'
import { findSource, sourceIdParam, sourceRecord, toSourceRecord } from '../shape.ts'
import { assertConsistentSettings, definedOnly } from '../check-settings.ts'
import { HOST_PART_SETTINGS, requireHostParts, requirePostType } from '../post-types.ts'
import { hostPosts } from '../../../platform/host-contract/posts.ts'
import { webhookSecretChange } from '../webhook-secret-change.ts'
import { sourceStatus } from '../status.ts'
import { processHeldDeliveries } from '../ingest/process-delivery.ts'
import { sameJson } from '../../../platform/lib/canonical-json.ts'
import { boundSecretColumn } from '../../../platform/secrets/bound-secret.ts'
import { assertAllowedDestination } from '../../../platform/outgoing-http/outbound-guard.ts'
import { FORWARD_SECRET } from '../sealed-columns.ts'
import { bindTo } from '../../../platform/secrets/sealed-column.ts'

const UPDATE_SETTINGS = [
  'name', 'default_author_id', 'pin_author', 'default_reviewers', 'default_ccs', 'default_post_status', 'auth_mode',
  'enabled', 'reingest_mode', 'target_post_type', 'meta_fields', 'fm_variables', 'forward_enabled', 'forward_url',
  'forward_auth_mode', 'sig_header_mode', 'sig_header_name', 'author_match_mode', 'target_tag_slug',
  'taxonomy_apply_mode', 'strip_uncategorized', 'content_cleanup', 'strip_inbody_toc', 'strip_inbody_faq',
  'add_heading_anchors', 'image_modify',
] as const

export const updateContentSource = defineOperation({
  summary: 'Change the settings of a content source. Omitted fields are kept; the slug cannot change.',
  description: 'Returns the source without secret or forward_secret. Changing forward_url forgets the stored forward_secret ' +
    '(forward_key_set becomes false) unless forward_secret is sent in the same request, so a secret never reaches a URL it was not given for. ' +
    'Re-enabling a source with an approved mapping processes the deliveries it held.',
  idempotent: true,
  examples: [{
    title: 'Rename a source and hold its posts for review',
    setup: [{ operation: 'content_sources.create', params: { name: 'Guest columns' }, as: 'source' }],
    params: { id: '{{source.id}}', name: 'Guest columns (reviewed)', default_post_status: 'pending' },
    needs: ['status.pending'],
  }, {
    title: 'Rename a source and pause it',
    setup: [{ operation: 'content_sources.create', params: { name: 'Press releases' }, as: 'source' }],
    params: { id: '{{source.id}}', name: 'Press releases (paused)', enabled: false },
  }],
  params: z.object({
    id: sourceIdParam,
    ...optionalSettings(UPDATE_SETTINGS),
    secret: webhookSecretParam.optional(),
    forward_secret: forwardSecretParam.optional(),
  }),
  returns: sourceRecord,
  async handler ({ id, secret, forward_secret, ...given }, context) {
    const { db, secrets, options, kickOutbox } = context
    const current = await findSource(db, id)
    const before = settingsOf(current)
    const next: SourceSettings = { ...before, ...definedOnly(given) }
    const changedKeys = (Object.keys(next) as SettingKey[]).filter(key => !sameJson(next[key], before[key]))
    const forwardSecretCiphertext = boundSecretColumn({ destinationChanged: changedKeys.includes('forward_url'), supplied: forward_secret }, secrets, bindTo(FORWARD_SECRET, current.slug))
    const forwardKeySet = forwardSecretCiphertext === undefined ? current.forwardSecretCiphertext !== null : forwardSecretCiphertext !== null
    assertConsistentSettings(next, { forwardKeySet })
    if (changedKeys.includes('forward_url')) assertAllowedDestination(options.outbound, next.forward_url, 'forward_url')
    const secretColumns = webhookSecretChange(current, next.auth_mode, secret, secrets)
    if (changedKeys.includes('target_post_type')) await requirePostType(hostPosts(db, options), next.target_post_type)
    if (changedKeys.some(key => HOST_PART_SETTINGS.includes(key))) requireHostParts(hostPosts(db, options), next, options)
    if (changedKeys.length === 0 && Object.keys(secretColumns).length === 0 && forwardSecretCiphertext === undefined) {
      return { data: toSourceRecord(current, options.basePath), changed: false }
    }
    let row = await context.withEvent(tx => tx.svcContentSource.update({
      where: { id },
      data: {
        ...settingsData(Object.fromEntries(changedKeys.map(key => [key, next[key]]))),
        ...secretColumns,
        forwardSecretCiphertext,
        status: sourceStatus({ enabled: next.enabled, mappingStatus: current.mappingStatus, hasSample: current.sample !== null }),
      },
    }), contentSourceChanged, updated => ({ action: 'updated', id, record: toSourceRecord(updated, options.basePath) }))
    if (!before.enabled && next.enabled) {
      const outcomes = await processHeldDeliveries(context, row)
      if (outcomes.length > 0) kickOutbox()
      if (outcomes.length > 0) row = await findSource(db, id)
    }
    return { data: toSourceRecord(row, options.basePath), changed: true }
  },
})
