import express, { type NextFunction, type Request, type Response } from 'express'
import { badRequest } from '../errors/errors.ts'
import { fromHttpError } from './http-errors.ts'
import { parseJsonInput } from '../lib/input-boundary.ts'

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

/** The raw body as bytes, read when a handler is ready for it (after its cheaper refusals). */
export async function readRawBody (req: Request, res: Response, limit: number): Promise<Buffer> {
  // body-parser calls back with nothing, or with an http-errors Error (413, 415).
  const error = await new Promise<unknown>(settle => rawBody(limit)(req, res, settle))
  if (error instanceof Error) throw error
  return Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0)
}

const bodyText = (body: unknown) => Buffer.isBuffer(body) ? body.toString('utf8') : ''

const invalidJson = () => badRequest('request body is not valid JSON')

/** The parsed value as a JSON object, or a clear 400. */
function asObject (value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw badRequest('request body must be a JSON object')
  return value as Record<string, unknown>
}

function nonEmptyText (body: unknown): string {
  const text = bodyText(body)
  if (!text.trim()) throw badRequest('request body is empty: send a JSON object')
  return text
}

/**
 * A JSON object body, or a clear 400; the input rule is left to the pipeline, which audits the
 * refusal (V8's JSON.parse does not recurse, so any depth parses safely within the body limit).
 */
export function parseJsonObject (body: unknown): Record<string, unknown> {
  return asObject(parseUnchecked(nonEmptyText(body)))
}

/** A JSON object body with the input rule applied to the whole document first, or a clear 400. */
export function parseCheckedJsonObject (body: unknown): Record<string, unknown> {
  return asObject(parseJsonInput(nonEmptyText(body), { invalid: invalidJson, what: 'invalid request body' }))
}

/** Any JSON body, unchecked (the pipeline checks params), or `undefined` when there is none. */
export function parseJsonBody (body: unknown): unknown {
  const text = bodyText(body)
  return text.trim() ? parseUnchecked(text) : undefined
}

function parseUnchecked (text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    throw invalidJson()
  }
}
