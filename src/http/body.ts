import express, { type NextFunction, type Request, type Response } from 'express'
import { badRequest, SvcError } from '../errors.ts'

/** Reads the raw body (any content type) up to `limit` bytes; larger bodies answer 413. */
export function rawBody (limit: number) {
  const parse = express.raw({ type: () => true, limit })
  return (req: Request, res: Response, next: NextFunction) => {
    parse(req, res, (error?: unknown) => {
      if (!error) return next()
      const type = (error as { type?: string }).type
      if (type === 'entity.too.large') return next(new SvcError('payload_too_large', `request body is larger than ${limit} bytes`))
      next(badRequest('the request body could not be read'))
    })
  }
}

/** A JSON body, or `undefined` when there is none; a body that is not JSON is a clear 400. */
export function parseJsonBody (body: unknown): unknown {
  const text = Buffer.isBuffer(body) ? body.toString('utf8') : ''
  if (!text.trim()) return undefined
  try {
    return JSON.parse(text)
  } catch {
    throw badRequest('request body is not valid JSON')
  }
}

export const isJsonObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The dispatch body as JSON: an object, or a clear 400. */
export function parseJsonObject (body: unknown): Record<string, unknown> {
  const value = parseJsonBody(body)
  if (value === undefined) throw badRequest('request body is empty: send a JSON object {resource, action, params, confirm}')
  if (!isJsonObject(value)) throw badRequest('request body must be a JSON object')
  return value
}
