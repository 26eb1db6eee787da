import { badRequest, forbidden, methodNotAllowed, notFound, payloadTooLarge, SvcError, unsupportedMediaType } from '../errors/errors.ts'

/** What express and its body parser attach to the errors they raise for a client's mistake. */
type HttpError = Error & { status?: unknown, statusCode?: unknown, type?: unknown, limit?: number, expose?: unknown }

const REFUSAL_BY_STATUS: Partial<Record<number, (message: string) => SvcError>> = {
  400: badRequest,
  403: forbidden,
  404: notFound,
  405: methodNotAllowed,
  413: payloadTooLarge,
  415: unsupportedMediaType,
}

/** Our own words for the refusals express raises, by the `type` body-parser gives them. */
function messageFor (error: HttpError): string {
  if (error.type === 'entity.too.large') return `request body is larger than ${error.limit} bytes`
  if (error.type === 'encoding.unsupported') return 'the request body\'s Content-Encoding is not supported (use gzip, deflate, br or none)'
  if (error.type === 'charset.unsupported') return 'the request body\'s charset is not supported'
  if (error.type === 'request.aborted') return 'the request body ended before its announced length'
  if (error.type === 'request.size.invalid') return 'the request body does not match its Content-Length'
  if (error instanceof URIError || /decode param/i.test(error.message)) return 'the path is not valid percent-encoding'
  return 'the request could not be read'
}

/**
 * An error express or body-parser raised for the client's request, as the envelope's error with
 * the same 4xx status and a code; null for anything else. Only errors marked for the client
 * qualify (http-errors' `expose`, or the router's URIError for a path it could not decode), so a
 * status some library attached for its own peer never becomes our answer.
 */
export function fromHttpError (error: unknown): SvcError | null {
  if (!(error instanceof Error) || error instanceof SvcError) return null
  const httpError = error as HttpError
  const status = httpError.status ?? httpError.statusCode
  if (typeof status !== 'number' || status < 400 || status > 499) return null
  if (httpError.expose !== true && !(error instanceof URIError)) return null
  return (REFUSAL_BY_STATUS[status] ?? badRequest)(messageFor(httpError))
}
