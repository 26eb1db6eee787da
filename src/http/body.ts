import express, { type NextFunction, type Request, type Response } from 'express'
import { badRequest, payloadTooLarge } from '../errors.ts'

/** Reads the raw body (any content type) up to `limit` bytes; larger bodies answer 413. */
export function rawBody (limit: number) {
  const parse = express.raw({ type: () => true, limit })
  return (req: Request, res: Response, next: NextFunction) => {
    parse(req, res, (error?: unknown) => {
      if (!error) return next()
      const type = (error as { type?: string }).type
      if (type === 'entity.too.large') return next(payloadTooLarge(limit))
      next(badRequest('the request body could not be read'))
    })
  }
}

/** The raw body as bytes, read when a handler is ready for it (after its cheaper refusals). */
export function readRawBody (req: Request, res: Response, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    rawBody(limit)(req, res, (error?: unknown) => {
      if (error) reject(error)
      else resolve(Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0))
    })
  })
}

/** The dispatch body as JSON: an object, or a clear 400. */
export function parseJsonObject (body: unknown): Record<string, unknown> {
  const text = Buffer.isBuffer(body) ? body.toString('utf8') : ''
  if (!text.trim()) throw badRequest('request body is empty: send a JSON object {resource, action, params, confirm}')
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw badRequest('request body is not valid JSON')
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw badRequest('request body must be a JSON object')
  return value as Record<string, unknown>
}
