import type { NextFunction, Request, Response } from 'express'
import { forbidden } from '../errors/errors.ts'
import { isSameOrigin } from '../lib/same-origin.ts'

export type CorsPolicy = {
  /** Origins (`https://www.example.com`) allowed besides the server's own, or `'*'`. */
  origins: readonly string[]
  /** e.g. `POST` */
  methods: string
  /** Request headers a page may send, e.g. `Content-Type`. */
  headers: string
}

const PREFLIGHT_MAX_AGE_SECONDS = 600

/**
 * For public endpoints called from browsers: answers CORS preflights, marks responses readable
 * by allowed origins, and refuses (403) requests carrying any other `Origin`. Requests without
 * `Origin` do not come from a page in a browser and pass.
 */
export function corsGuard (policy: CorsPolicy) {
  const allowAny = policy.origins.includes('*')
  return (req: Request, res: Response, next: NextFunction) => {
    const origin = req.get('origin')
    res.vary('Origin')
    if (origin !== undefined) {
      if (!allowAny && !policy.origins.includes(origin) && !isSameOrigin(origin, req.get('host'))) {
        return next(forbidden(`origin ${origin} may not call this endpoint`))
      }
      res.set('Access-Control-Allow-Origin', origin)
      res.set('Access-Control-Expose-Headers', 'Retry-After, Svc-Version')
    }
    if (req.method !== 'OPTIONS') return next()
    res.set('Allow', `${policy.methods}, OPTIONS`)
    res.set('Access-Control-Allow-Methods', policy.methods)
    res.set('Access-Control-Allow-Headers', policy.headers)
    res.set('Access-Control-Max-Age', String(PREFLIGHT_MAX_AGE_SECONDS))
    res.status(204).end()
  }
}
