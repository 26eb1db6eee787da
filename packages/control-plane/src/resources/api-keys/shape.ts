import { z } from 'zod'
import { keyPrefix } from '../../platform/auth/api-key-format.ts'
import { isoOrNull } from '../../platform/lib/timestamps.ts'
import { parseStoredScopes } from '../../platform/auth/scopes.ts'
import type { AccountId } from '../../platform/host-contract/account-id.ts'
import { addedIn } from '../../kernel/registry/since.ts'

export const apiKeyRecord = z.object({
  id: z.string().describe('Public id of the key; also its visible prefix svc_<id>.'),
  label: z.string(),
  prefix: z.string(),
  status: z.enum(['active', 'revoked', 'expired']),
  created_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
  last_used_ip: z.string().nullable().describe('Client address of the call that last recorded last_used_at (updated at most once a minute).'),
  expires_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  owner: z.string().nullable().describe('Id of the account the key acts as.'),
  scopes: z.array(z.string()).nullable().describe('What the key may call within its owner\'s role: capabilities, resources or operations. null: everything the owner may do.'),
  read_only: z.boolean().describe('Only operations flagged read-only.'),
  approval: z.enum(['none', 'destructive']).describe('destructive: destructive calls wait for an administrator\'s approval (answer 202 approval_required).'),
  parent: z.string().nullable().describe('Public id of the key this one was minted with; null when minted in the Admin UI or the CLI. Revoking a key revokes the keys minted with it.'),
  pinned_version: z.string().nullable()
    .describe('The product version every call with the key pins, as a Svc-Version header would (a call\'s own header overrides it); null: none.')
    .meta(addedIn('1.5.000')),
})

export const API_KEY_ROW_FIELDS = {
  publicId: true, label: true, createdAt: true, lastUsedAt: true, lastUsedIp: true, expiresAt: true, revokedAt: true, ownerId: true,
  scopes: true, readOnly: true, approval: true, pinnedVersion: true, parent: { select: { publicId: true } },
} as const

type ApiKeyRow = {
  publicId: string
  label: string
  createdAt: Date | null
  lastUsedAt: Date | null
  lastUsedIp: string | null
  ownerId: AccountId | null
  scopes: string | null
  readOnly: boolean
  approval: string
  pinnedVersion: string | null
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
    last_used_ip: row.lastUsedIp,
    expires_at: isoOrNull(row.expiresAt),
    revoked_at: isoOrNull(row.revokedAt),
    owner: row.ownerId === null || row.ownerId === undefined ? null : String(row.ownerId),
    scopes: row.scopes === null ? null : [...parseStoredScopes(row.scopes) ?? []],
    read_only: row.readOnly,
    approval: row.approval === 'destructive' ? 'destructive' : 'none',
    parent: row.parent?.publicId ?? null,
    pinned_version: row.pinnedVersion,
  }
}
