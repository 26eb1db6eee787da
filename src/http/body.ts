import express, { type NextFunction, type Request, type Response } from 'express'
import { badRequest } from '../errors.ts'
import { fromHttpError } from './http-errors.ts'
import { parseJsonInput } from '../registry/input-boundary.ts'

/** Reads the raw body (any content type) up to `limit` bytes; larger bodies answer 413, unknown encodings 415. */
export function rawBody (limit: number) {
  const parse = express.raw({ type: () => true, limit })
  return (req: Request, res: Response, next: NextFunction) => {
    parse(req, res, (error?: unknown) => {
      if (!error) return next()
      next(fromHttpError(error) ?? badRequest('the request body could not be read'))
    })
  }
}

/** The dispatch body as JSON: an object, or a clear 400. */
export function parseJsonObject (body: unknown): Record<string, unknown> {
  const text = Buffer.isBuffer(body) ? body.toString('utf8') : ''
  if (!text.trim()) throw badRequest('request body is empty: send a JSON object {resource, action, params, confirm}')
  const value = parseJsonInput(text, { invalid: () => badRequest('request body is not valid JSON'), what: 'invalid request body' })
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw badRequest('request body must be a JSON object')
  return value as Record<string, unknown>
}
