import type { AuditRecord } from '../audit/record.ts'
import type { Identity } from '../auth/identity.ts'
import type { EndedJob } from './end-job.ts'

/**
 * The one audit entry of a job, written when it ends: the operation that started it, as the
 * account and credential that started it, with its outcome (`code` null when it succeeded, else
 * `failed` or `cancelled`) and its progress, result or error in `params`.
 */
export function auditRecordOf (job: EndedJob): AuditRecord {
  return {
    operation: job.kind,
    channel: job.channel,
    identity: job.actorId === null
      ? null
      : { account: { id: job.actorId, email: job.actorEmail ?? '' }, mode: (job.actorMode ?? 'api_key') as Identity['mode'], keyId: job.keyId, clientId: null },
    ok: job.status === 'succeeded',
    changed: job.done > 0,
    code: job.status === 'succeeded' ? null : job.status,
    durationMs: job.startedAt && job.finishedAt ? job.finishedAt.getTime() - job.startedAt.getTime() : 0,
    params: { job_id: job.id, status: job.status, progress: { done: job.done, total: job.total }, result: job.tally, error: job.error },
  }
}
