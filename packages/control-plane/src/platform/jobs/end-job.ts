import type { Db } from '../db/client.ts'

/** A job as it ended, with who started it: what its audit entry records. */
export type EndedJob = {
  id: number
  kind: string
  status: 'succeeded' | 'failed' | 'cancelled'
  done: number
  total: number
  tally: unknown
  error: string | null
  startedAt: Date | null
  finishedAt: Date | null
  actorId: string | null
  actorEmail: string | null
  actorMode: string | null
  keyId: string | null
  channel: string
}

const ENDED_FIELDS = {
  id: true, kind: true, status: true, done: true, total: true, tally: true, error: true, startedAt: true, finishedAt: true,
  actorId: true, actorEmail: true, actorMode: true, keyId: true, channel: true,
} as const

/**
 * Ends a job in one conditional write, so it ends once whichever instance tries: `holder` names the
 * worker holding it, or is null for a job no worker took yet (cancelled while queued). Frees its
 * kind and target for the next job. Null when the job had already ended or is held by another.
 */
export async function endJob (
  db: Db,
  { id, holder }: { id: number, holder: string | null },
  status: EndedJob['status'],
  error: string | null,
  now: Date,
): Promise<EndedJob | null> {
  const held = holder === null ? { status: 'queued', holder: null } : { status: 'running', holder }
  const { count } = await db.svcJob.updateMany({
    where: { id, ...held },
    data: { status, error, finishedAt: now, activeKey: null, holder: null, heldUntil: null },
  })
  if (count === 0) return null
  return await db.svcJob.findUnique({ where: { id }, select: ENDED_FIELDS }) as EndedJob
}
