import { z } from 'zod'
import type { Db, Tx } from '../../platform/db/client.ts'
import { isoOrNull } from '../../platform/lib/timestamps.ts'
import { notFound } from '../../platform/errors/errors.ts'
import { settingFields } from './settings.ts'
import { settingsOf, type SourceRow } from './columns.ts'
import { storedMapping } from './mapping/mapping-schema.ts'
import { MAPPING_STATUSES, SECRET_SOURCES, SOURCE_STATUSES } from './values.ts'

export const sourceIdParam = z.string().min(1).max(100).describe('Content source id.')

/** A content source as every operation returns it; never its secret or forward_secret. */
export const sourceRecord = z.object({
  id: z.string(),
  slug: z.string(),
  ...settingFields,
  status: z.enum(SOURCE_STATUSES),
  secret_source: z.enum(SECRET_SOURCES),
  forward_key_set: z.boolean().describe('Whether a forward_secret is stored (the secret itself is never returned).'),
  mapping: storedMapping.nullable(),
  mapping_status: z.enum(MAPPING_STATUSES),
  shape_fingerprint: z.string().nullable(),
  sample: z.record(z.string(), z.unknown()).nullable(),
  ingest_path: z.string().describe('Where senders POST deliveries.'),
  created_at: z.string().nullable(),
  updated_at: z.string().nullable(),
})

export type SourceRecord = z.input<typeof sourceRecord>

function ingestPath (basePath: string, slug: string): string {
  return `${basePath}/ingest/${slug}`
}

export function toSourceRecord (row: SourceRow, basePath: string): SourceRecord {
  return {
    id: row.id,
    slug: row.slug,
    ...settingsOf(row),
    status: row.status as SourceRecord['status'],
    secret_source: row.secretSource as SourceRecord['secret_source'],
    forward_key_set: row.forwardSecretCiphertext !== null,
    mapping: row.mapping as SourceRecord['mapping'],
    mapping_status: row.mappingStatus as SourceRecord['mapping_status'],
    shape_fingerprint: row.shapeFingerprint,
    sample: row.sample as SourceRecord['sample'],
    ingest_path: ingestPath(basePath, row.slug),
    created_at: isoOrNull(row.createdAt),
    updated_at: isoOrNull(row.updatedAt),
  }
}

export const sourceNotFound = (id: string) => notFound(`no content source with id "${id}"`)

export async function findSource (db: Db | Tx, id: string): Promise<SourceRow> {
  const row = await db.svcContentSource.findUnique({ where: { id } })
  if (!row) throw sourceNotFound(id)
  return row
}
