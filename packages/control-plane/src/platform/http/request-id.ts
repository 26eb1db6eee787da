import { randomUUID } from 'node:crypto'
import type { NextFunction, Request, Response } from 'express'

/** What a caller's own id may look like: short, and safe in a header, a log line and a URL. */
const WELL_FORMED = /^[A-Za-z0-9._:-]{1,128}$/

/**
 * Gives every response of the namespace a `Request-Id`: the caller's `X-Request-Id` (or
 * `Request-Id`) when well-formed, so a call can be followed across systems, else a new UUID.
 */
export function assignRequestId (req: Request, res: Response, next: NextFunction): void {
  const given = req.get('x-request-id') ?? req.get('request-id')
  const id = given !== undefined && WELL_FORMED.test(given) ? given : randomUUID()
  res.locals.requestId = id
  res.set('Request-Id', id)
  next()
}

/** The id `assignRequestId` gave the response, if it ran. */
export const requestIdOf = (res: Response): string | null =>
  typeof res.locals.requestId === 'string' ? res.locals.requestId : null
