import { z } from 'zod'
import { keyPrefix } from '../../auth/api-key-format.ts'
import { isoOrNull } from '../../lib/timestamps.ts'

export const apiKeyRecord = z.object({
  id: z.string().describe('Public id of the key; also its visible prefix svc_<id>.'),
  label: z.string(),
  prefix: z.string(),
  status: z.enum(['active', 'revoked', 'expired']),
  created_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  parent: z.string().nullable().describe('Public id of the key this one was minted with; null when minted in the Admin UI or the CLI. Revoking a key revokes the keys minted with it.'),
})

export const API_KEY_ROW_FIELDS = {
  publicId: true, label: true, createdAt: true, lastUsedAt: true, expiresAt: true, revokedAt: true, parent: { select: { publicId: true } },
} as const

type ApiKeyRow = {
  publicId: string
  label: string
  createdAt: Date | null
  lastUsedAt: Date | null
  expiresAt: Date | null
  revokedAt: Date | null
  parent: { publicId: string } | null
}

function statusOf (row: ApiKeyRow, now: Date): z.infer<typeof apiKeyRecord>['status'] {
  if (row.revokedAt) return 'revoked'
  if (row.expiresAt && row.expiresAt <= now) return 'expired'
  return 'active'
}

export function toApiKeyRecord (row: ApiKeyRow, now: Date): z.input<typeof apiKeyRecord> {
  return {
    id: row.publicId,
    label: row.label,
    prefix: keyPrefix(row.publicId),
    status: statusOf(row, now),
    created_at: isoOrNull(row.createdAt),
    last_used_at: isoOrNull(row.lastUsedAt),
    expires_at: isoOrNull(row.expiresAt),
    revoked_at: isoOrNull(row.revokedAt),
    parent: row.parent?.publicId ?? null,
  }
}
