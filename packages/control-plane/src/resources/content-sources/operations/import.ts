import { z } from 'zod'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { contentSourceChanged } from '../events.ts'
import { retryOnUniqueViolation } from '../../../platform/db/retry-unique.ts'
import { jsonColumn } from '../../../platform/lib/json-value.ts'
import { conflict, invalidParams } from '../../../platform/errors/errors.ts'
import { DEFAULT_SETTINGS, type SourceSettings } from '../settings.ts'
import { settingsData } from '../columns.ts'
import { sourceRecord, toSourceRecord } from '../shape.ts'
import { exportEnvelope, type ExportPayload } from '../portable.ts'
import { assertConsistentSettings, definedOnly } from '../check-settings.ts'
import { ensurePostType, requireHostParts, requirePostType } from '../post-types.ts'
import { hostPosts } from '../../../platform/host-contract/posts.ts'
import { initialSecret, type InitialSecret } from '../initial-secret.ts'
import { plaintextSecret } from './create.ts'
import { mappingIssues } from '../mapping/validate-mapping.ts'
import { shapeFingerprint } from '../mapping/shape-fingerprint.ts'
import { ShapeTooLarge } from '../mapping/shape-walk.ts'
import { sourceStatus } from '../status.ts'
import { boundSecretColumn } from '../../../platform/secrets/bound-secret.ts'
import { assertAllowedDestination } from '../../../platform/outgoing-http/outbound-guard.ts'
import { FORWARD_SECRET } from '../sealed-columns.ts'
import { bindTo } from '../../../platform/secrets/sealed-column.ts'

/** The mapping state an envelope carries; an approved mapping must still fit its sample. */
function mappingState (payload: ExportPayload) {
  const sample = payload.sample ?? null
  const mappingStatus = payload.mapping_status ?? 'none'
  const mapping = payload.mapping ?? null
  if (mappingStatus === 'approved') {
    const issues = sample && mapping ? mappingIssues(mapping, sample) : [{ path: 'mapping', code: 'missing', message: 'an approved mapping needs a mapping and a sample' }]
    if (issues.length > 0) {
      throw invalidParams('the envelope\'s approved mapping does not fit its sample', { issues: issues.map(issue => ({ ...issue, path: `envelope.payload.${issue.path}` })) })
    }
  }
  return { sample, mapping, mappingStatus, shapeFingerprint: sample ? sampleFingerprint(sample) : null }
}

function sampleFingerprint (sample: Record<string, unknown>): string {
  try {
    return shapeFingerprint(sample)
  } catch (error) {
    if (!(error instanceof ShapeTooLarge)) throw error
    throw invalidParams(`the envelope's sample is too large: ${error.message}`, { issues: [{ path: 'envelope.payload.sample', code: error.limit, message: error.message }] })
  }
}

export const importContentSource = defineOperation({
  summary: 'Create a content source from an export envelope, or overwrite the one with its slug when overwrite and confirm are both true.',
  description: 'A free slug creates a source (new id; a webhook secret is generated, and returned once, when auth_mode needs one). A taken slug is a 409 conflict unless overwrite and confirm are true: then the source keeps its id and its secrets (a secret is generated only if it had none) and takes everything else from the envelope; a forward_url other than the stored one forgets the stored forward_secret, which is never exported: set it with update.',
  examples: [{
    title: 'Replace a source with an exported copy of it',
    setup: [
      { operation: 'content_sources.create', params: { name: 'Syndication feed' }, as: 'source' },
      { operation: 'content_sources.export', params: { id: '{{source.id}}' }, as: 'exported' },
    ],
    params: { envelope: '{{exported}}', overwrite: true, confirm: true },
  }],
  params: z.object({
    envelope: exportEnvelope,
    overwrite: z.boolean().optional().describe('Replace the source that has the same slug.'),
    confirm: z.boolean().optional().describe('Must be true, with overwrite, to replace an existing source.'),
  }),
  returns: sourceRecord.extend({ mode: z.enum(['created', 'overwritten']), secret: plaintextSecret }),
  async handler ({ envelope, overwrite, confirm }, context) {
    const { db, secrets, options } = context
    const { payload } = envelope
    const { name, slug, new_cpt, mapping: _m, mapping_status: _s, shape_fingerprint: _f, sample: _x, ...given } = payload
    const settings: SourceSettings = { ...DEFAULT_SETTINGS, name, ...definedOnly(given), cpt_post_type: new_cpt?.slug ?? null }
    assertConsistentSettings(settings, { forwardKeySet: 'not_checked' })
    assertAllowedDestination(options.outbound, settings.forward_url, 'envelope.payload.forward_url')
    const mapping = mappingState(payload)
    const { row, mode, webhookSecret } = await retryOnUniqueViolation(() => db.$transaction(async tx => {
      const existing = await tx.svcContentSource.findUnique({ where: { slug } })
      if (existing && !(overwrite === true && confirm === true)) {
        throw conflict(`a content source with slug "${slug}" exists: send overwrite: true and confirm: true to replace it`, { id: existing.id })
      }
      const posts = hostPosts(tx, options)
      requireHostParts(posts, settings, options)
      if (new_cpt) await ensurePostType(posts, new_cpt)
      await requirePostType(posts, settings.target_post_type)
      const needsSecret = settings.auth_mode !== 'none'
      const webhookSecret: InitialSecret = existing?.secretCiphertext && needsSecret
        ? { plaintext: '', source: existing.secretSource as InitialSecret['source'], sealed: existing.secretCiphertext }
        : initialSecret(settings.auth_mode, undefined, secrets, slug)
      const data = {
        ...settingsData(settings),
        sample: jsonColumn(mapping.sample),
        mapping: jsonColumn(mapping.mapping),
        mappingStatus: mapping.mappingStatus,
        shapeFingerprint: mapping.shapeFingerprint,
        status: sourceStatus({ enabled: settings.enabled, mappingStatus: mapping.mappingStatus, hasSample: mapping.sample !== null }),
        secretCiphertext: webhookSecret.sealed,
        secretSource: webhookSecret.source,
        forwardSecretCiphertext: boundSecretColumn({ destinationChanged: existing !== null && existing.forwardUrl !== settings.forward_url }, secrets, bindTo(FORWARD_SECRET, slug)),
      }
      const row = existing
        ? await tx.svcContentSource.update({ where: { id: existing.id }, data })
        : await tx.svcContentSource.create({ data: { ...data, slug } })
      await context.emit(tx, contentSourceChanged, { action: 'imported', id: row.id, record: toSourceRecord(row, options.basePath) })
      return { row, mode: existing ? 'overwritten' as const : 'created' as const, webhookSecret }
    }))
    return { data: { ...toSourceRecord(row, options.basePath), mode, secret: webhookSecret.plaintext }, changed: true }
  },
})
