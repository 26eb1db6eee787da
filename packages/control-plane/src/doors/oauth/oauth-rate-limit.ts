import type { NextFunction, Request, RequestHandler, Response } from 'express'
import type { ControlPlaneRuntime } from '../../kernel/runtime.ts'
import { createSubjectLimiter } from '../../kernel/access/door-auth.ts'
import { digestSubject } from '../../platform/db/fixed-window.ts'
import { countWithHeaders } from '../../platform/http/rate-limit-headers.ts'
import { sendFailure, setFailureHeaders } from '../../platform/http/envelope.ts'
import { toSvcError } from '../../platform/errors/to-svc-error.ts'
import { INTERACTION_PATH } from '../../platform/oauth/resource-urls.ts'

/**
 * Requests to `/oauth/*` per client address (`oauth.rateLimit`), counted before anything else
 * runs, so a flood costs no registration, metadata fetch, token lookup or interaction row.
 * Per address only, not per `client_id`: any caller names any client, so a per-client budget
 * would let one address spend a popular connector's budget for everyone.
 * Beyond it: 429 with `Retry-After`, in OAuth's error format on the protocol endpoints and the
 * envelope on the consent steps, as each answers otherwise.
 */
export function oauthRateLimit (runtime: ControlPlaneRuntime): RequestHandler {
  const limit = runtime.options.oauth.rateLimit
  const limiter = createSubjectLimiter('oauth', limit, runtime.db, runtime.options.now)
  return (req: Request, res: Response, next: NextFunction) => {
    if (!req.path.startsWith('/oauth/')) return next()
    const subject = digestSubject(runtime.options.clientAddress(req))
    countWithHeaders(res, limiter.limit, () => limiter.consume(subject)).then(() => next(), (failure: unknown) => {
      const error = toSvcError(failure, runtime.log)
      if (req.path.startsWith(`${INTERACTION_PATH}/`)) return sendFailure(res, error)
      setFailureHeaders(res, error)
      res.status(error.status).set('Cache-Control', 'no-store').json({ error: error.code, error_description: error.message })
    })
  }
}
