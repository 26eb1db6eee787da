import { leadsSettings } from '../resource-settings.ts'
import type { Request, Response } from 'express'
import type { ControlPlaneRuntime } from '../../../kernel/runtime.ts'
import type { PublicRoute } from '../../../kernel/route.ts'
import { readRawBody } from '../../../platform/http/body.ts'
import { sendSuccess } from '../../../platform/http/envelope.ts'
import { countWithHeaders } from '../../../platform/http/rate-limit-headers.ts'
import { consumeFixedWindow, digestSubject } from '../../../platform/db/fixed-window.ts'
import { invalidParamsFromZod } from '../../../platform/errors/zod-issues.ts'
import { captureInputSchema } from '../capture-input.ts'
import { captureLead } from '../capture-lead.ts'
import { newLeadRef } from '../ref.ts'
import { captureCandidate, isBotSubmission, readFormFields } from './form-fields.ts'

/** Site forms are small; this keeps an anonymous endpoint cheap to serve. */
const PUBLIC_LEAD_MAX_BYTES = 64 * 1024

const RATE_SCOPE = 'public_leads'


async function limitPerClient (runtime: ControlPlaneRuntime, req: Request, res: Response): Promise<void> {
  const limit = leadsSettings.of(runtime.options).publicRateLimit
  if (!limit) return
  await countWithHeaders(res, limit.points, () =>
    consumeFixedWindow(runtime.db, RATE_SCOPE, digestSubject(runtime.options.clientAddress(req)), limit, runtime.options.now()))
}

/**
 * `POST {base}/public/leads` for site forms: no credentials; JSON or URL-encoded; allowed
 * origins only (CORS); a per-client-IP limit kept in the database, counted before the body is
 * read; bodies up to 64 KB. Answers `{ok: true, data: {ref}}`.
 */
export const publicLeadForm: PublicRoute = {
  method: 'POST',
  path: '/public/leads',
  cors: options => leadsSettings.of(options).publicOrigins,
  async handler (runtime, req, res) {
    await limitPerClient(runtime, req, res)
    await readRawBody(req, res, PUBLIC_LEAD_MAX_BYTES)
    const fields = readFormFields(req)
    // A bot gets the answer a person gets, so it cannot learn that the trap exists.
    if (isBotSubmission(fields)) return sendSuccess(res, { ref: newLeadRef() }, true)
    const parsed = captureInputSchema.safeParse(captureCandidate(fields))
    if (!parsed.success) throw invalidParamsFromZod('the form has invalid fields', parsed.error.issues, { list: 'none' })
    const { ref } = await captureLead(runtime.db, parsed.data, 'public_form', runtime.options.now())
    runtime.kickOutbox()
    sendSuccess(res, { ref }, true)
  },
}
