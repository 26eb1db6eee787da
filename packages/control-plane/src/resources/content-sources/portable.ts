import { z } from 'zod'
import { PRODUCT_VERSION } from '../../platform/version.ts'
import { newCptParam, settingFields } from './settings.ts'
import { storedMapping } from './mapping/mapping-schema.ts'
import { MAPPING_STATUSES } from './values.ts'
import { sourceSlug } from './source-slug.ts'

const EXPORT_FORMAT = 'svc.content_source' as const
const EXPORT_SCHEMA_VERSION = 1 as const

const { cpt_post_type: _cpt, name, ...portableSettings } = settingFields

/**
 * A source as it moves between sites: every setting, the mapping and the sample; never its id or
 * a secret. The custom post type travels as new_cpt so the importing site can create it.
 */
export const exportPayload = z.object({
  name,
  slug: sourceSlug,
  ...Object.fromEntries(Object.entries(portableSettings).map(([key, schema]) => [key, schema.optional()])) as {
    [K in keyof typeof portableSettings]: z.ZodOptional<(typeof portableSettings)[K]>
  },
  new_cpt: newCptParam.nullable().optional(),
  mapping: storedMapping.nullable().optional(),
  mapping_status: z.enum(MAPPING_STATUSES).optional(),
  shape_fingerprint: z.string().nullable().optional().describe('Recomputed from sample on import.'),
  sample: z.record(z.string(), z.unknown()).nullable().optional(),
}).strict().describe('The source: settings missing here take their defaults on import.')

export const exportEnvelope = z.object({
  format: z.literal(EXPORT_FORMAT),
  schema_version: z.literal(EXPORT_SCHEMA_VERSION),
  product_version: z.string().optional(),
  exported_at: z.string().optional(),
  payload: exportPayload,
}).describe(`An envelope made by content_sources.export: {format: "${EXPORT_FORMAT}", schema_version: ${EXPORT_SCHEMA_VERSION}, product_version, exported_at, payload}.`)

export type ExportPayload = z.output<typeof exportPayload>

export function envelopeOf (payload: z.input<typeof exportPayload>, now: Date) {
  return { format: EXPORT_FORMAT, schema_version: EXPORT_SCHEMA_VERSION, product_version: PRODUCT_VERSION, exported_at: now.toISOString(), payload }
}
