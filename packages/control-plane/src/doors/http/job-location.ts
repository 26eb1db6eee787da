import type { Response } from 'express'
import type { EnvelopeResponse } from '../../platform/http/envelope.ts'

/**
 * A 202 that started a job (fresh or replayed) names the job where the caller follows it: the read
 * form of `jobs.get`. A 202 that holds a call for approval is a failure envelope and names none.
 */
export function setJobLocation (res: Response, basePath: string, response: EnvelopeResponse): void {
  if (response.status !== 202) return
  const body = JSON.parse(response.body) as { ok: boolean, data: { job_id?: unknown } | null }
  if (!body.ok || typeof body.data?.job_id !== 'number') return
  res.set('Location', `${basePath}/manage/jobs/get?job_id=${body.data.job_id}`)
}
