import { z } from 'zod'
import { defineOperation } from '../../../kernel/registry/define-operation.ts'
import { settingsOf } from '../columns.ts'
import { findSource, sourceIdParam } from '../shape.ts'
import { envelopeOf, exportEnvelope } from '../portable.ts'
import { postTypeName } from '../post-types.ts'
import { hostPosts } from '../../../platform/host-contract/posts.ts'
import type { Mapping } from '../mapping/mapping-schema.ts'
import type { MappingStatus } from '../values.ts'

export const exportContentSource = defineOperation({
  summary: 'Export a content source as a portable envelope (settings, mapping, sample; no id, no secrets) for import on another site.',
  readonly: true,
  examples: [{
    title: 'Export a source to copy it to another site',
    setup: [{ operation: 'content_sources.create', params: { name: 'Feed to copy' }, as: 'source' }],
    params: { id: '{{source.id}}' },
  }],
  params: z.object({ id: sourceIdParam }),
  returns: exportEnvelope.extend({ product_version: z.string(), exported_at: z.string() }),
  async handler ({ id }, { db, now, options }) {
    const row = await findSource(db, id)
    const { cpt_post_type: cpt, ...settings } = settingsOf(row)
    const payload = {
      ...settings,
      slug: row.slug,
      new_cpt: cpt ? { slug: cpt, name: await postTypeName(hostPosts(db, options), cpt) ?? cpt } : null,
      mapping: row.mapping as Mapping | null,
      mapping_status: row.mappingStatus as MappingStatus,
      shape_fingerprint: row.shapeFingerprint,
      sample: row.sample as Record<string, unknown> | null,
    }
    return { data: envelopeOf(payload, now()), changed: false }
  },
})
