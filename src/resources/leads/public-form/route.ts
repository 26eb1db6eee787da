import type { NextFunction, Request, RequestHandler, Response } from 'express'
import type { ControlPlaneRuntime } from '../../../runtime.ts'
import { corsGuard } from '../../../http/cors.ts'
import { rawBody } from '../../../http/body.ts'
import { sendSuccess } from '../../../http/envelope.ts'
import { consumeFixedWindow, digestSubject } from '../../../lib/fixed-window.ts'
import { assertModuleEnabled } from '../../modules/state.ts'
import { describeIssues } from '../../../registry/run-operation.ts'
import { invalidParams } from '../../../errors.ts'
import { captureInputSchema } from '../capture-input.ts'
import { captureLead } from '../capture-lead.ts'
import { newLeadRef } from '../ref.ts'
import { captureCandidate, isBotSubmission, readFormFields } from './form-fields.ts'

/** Site forms are small; this keeps an anonymous endpoint cheap to serve. */
export const PUBLIC_LEAD_MAX_BYTES = 64 * 1024

const RATE_SCOPE = 'public_leads'


type Step = (runtime: ControlPlaneRuntime, req: Request, res: Response) => Promise<void>

const step = (runtime: ControlPlaneRuntime, run: Step): RequestHandler =>
  (req: Request, res: Response, next: NextFunction) => { run(runtime, req, res).then(() => { if (!res.headersSent) next() }, next) }

async function moduleEnabled (runtime: ControlPlaneRuntime): Promise<void> {
  await assertModuleEnabled(runtime.db, 'leads')
}

async function limitPerClient (runtime: ControlPlaneRuntime, req: Request): Promise<void> {
  const limit = runtime.options.publicLeadRateLimit
  if (limit) await consumeFixedWindow(runtime.db, RATE_SCOPE, digestSubject(runtime.options.clientAddress(req)), limit, runtime.options.now())
}

async function submit (runtime: ControlPlaneRuntime, req: Request, res: Response): Promise<void> {
  const fields = readFormFields(req)
  // A bot gets the answer a person gets, so it cannot learn that the trap exists.
  if (isBotSubmission(fields)) return sendSuccess(res, { ref: newLeadRef() }, true)
  const parsed = captureInputSchema.safeParse(captureCandidate(fields))
  if (!parsed.success) throw invalidParams('the form has invalid fields', { issues: describeIssues(parsed.error.issues) })
  const { ref } = await captureLead(runtime.db, parsed.data, 'public_form', runtime.options.now())
  sendSuccess(res, { ref }, true)
}

/**
 * `POST {base}/public/leads` for site forms: no credentials; JSON or URL-encoded; allowed
 * origins only (CORS); a per-client-IP limit kept in the database; bodies up to 64 KB.
 * Answers `{ok: true, data: {ref}}`.
 */
export function publicLeadForm (runtime: ControlPlaneRuntime): { preflight: RequestHandler, post: RequestHandler[] } {
  const cors = corsGuard({ origins: runtime.options.publicLeadOrigins, methods: 'POST', headers: 'Content-Type' })
  return {
    preflight: cors,
    post: [cors, step(runtime, moduleEnabled), step(runtime, limitPerClient), rawBody(PUBLIC_LEAD_MAX_BYTES), step(runtime, submit)],
  }
}
