import { z } from 'zod'
import { isoOrNull } from '../../platform/lib/timestamps.ts'
import { redactSecrets } from '../../platform/lib/redact.ts'
import { addedIn } from '../../kernel/registry/since.ts'
import { previewRecord } from '../../platform/change-sets/change-schema.ts'

export const approvalRecord = z.object({
  id: z.string(),
  operation: z.string(),
  status: z.enum(['pending', 'approved', 'rejected', 'collected', 'expired']).describe('collected: the caller has fetched the approved call\'s result.'),
  params: z.record(z.string(), z.unknown()).describe('The held call\'s params, secrets redacted.'),
  key_id: z.string().describe('Public id of the API key that asked.'),
  requested_by: z.string().describe('E-mail of the account the key acts as.'),
  requested_at: z.string().nullable(),
  expires_at: z.string(),
  decided_by: z.string().nullable().describe('E-mail of the administrator who approved or rejected it.'),
  decided_at: z.string().nullable(),
  result_code: z.string().nullable().describe('Once approved: null when the call succeeded, else the error code it answered with.'),
  preview: previewRecord.nullable().describe('What the call would do, from its preview when it was held (as a dispatch preview answers data.preview): the rows it would write and what it would send. Null for an operation that cannot be previewed, or a call held before 1.5.0.').meta(addedIn('1.5.000')),
})

export type ApprovalRow = {
  id: string, operation: string, status: string, params: string, keyId: string, requesterEmail: string,
  createdAt: Date | null, expiresAt: Date, decidedByEmail: string | null, decidedAt: Date | null, result: string | null, preview: string | null,
}

export function toApprovalRecord (row: ApprovalRow, now: Date): z.input<typeof approvalRecord> {
  const outcome = row.result === null ? null : JSON.parse(row.result) as { ok: boolean, code?: string }
  const expired = row.status === 'pending' && row.expiresAt <= now
  return {
    id: row.id,
    operation: row.operation,
    status: expired ? 'expired' : row.status as 'pending',
    params: redactSecrets(JSON.parse(row.params)) as Record<string, unknown>,
    key_id: row.keyId,
    requested_by: row.requesterEmail,
    requested_at: isoOrNull(row.createdAt),
    expires_at: row.expiresAt.toISOString(),
    decided_by: row.decidedByEmail,
    decided_at: isoOrNull(row.decidedAt),
    result_code: outcome === null || outcome.ok ? null : outcome.code ?? 'internal',
    preview: row.preview === null ? null : JSON.parse(row.preview) as z.input<typeof previewRecord>,
  }
}
