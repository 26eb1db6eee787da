import type { Request } from 'express'
import { badRequest } from '../../../platform/errors/errors.ts'
import { assertCleanInput } from '../../../platform/lib/input-boundary.ts'
import { parseCheckedJsonObject } from '../../../platform/http/body.ts'
import { ATTRIBUTION_KEYS } from '../capture-input.ts'

/** A field real visitors never see or fill in; a value in it marks the submission as a bot's. */
const HONEYPOT_FIELD = '_gotcha'

const DEFAULT_FORM_SOURCE = 'web_form'

type Fields = Record<string, unknown>

/** URL-encoded fields; a repeated name (checkbox groups) keeps every value, in order. */
function urlEncodedFields (body: Buffer): Fields {
  const fields: Record<string, string | string[]> = {}
  for (const [name, value] of new URLSearchParams(body.toString('utf8'))) {
    const previous = fields[name]
    fields[name] = previous === undefined ? value : [...[previous].flat(), value]
  }
  return fields
}

/** The submitted fields, from a JSON object or an URL-encoded form. */
export function readFormFields (req: Request): Fields {
  if (req.is('application/json')) return parseCheckedJsonObject(req.body)
  if (req.is('application/x-www-form-urlencoded')) {
    const fields = urlEncodedFields(req.body as Buffer)
    assertCleanInput(fields, { what: 'invalid form fields' })
    return fields
  }
  throw badRequest('send the form as application/json or application/x-www-form-urlencoded')
}

export const isBotSubmission = (fields: Fields) => {
  const trap = fields[HONEYPOT_FIELD]
  return trap !== undefined && trap !== null && trap !== ''
}

const isPlainObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value)

/** Object fields merge with the flat ones a plain HTML form sends; anything else is left for validation to reject. */
const merged = (nested: unknown, flat: Fields) => {
  if (nested === undefined) return Object.keys(flat).length > 0 ? flat : undefined
  return isPlainObject(nested) ? { ...nested, ...flat } : nested
}

/**
 * Maps form fields onto the capture input: the lead's own fields by name, utm_* and the other
 * attribution keys flat or under `attribution`, and every other field into `data`.
 * Values are trimmed and blank fields dropped: a form sends its optional inputs even when left blank.
 */
export function captureCandidate (fields: Fields): Fields {
  const filled = Object.entries(fields)
    .map(([name, value]) => [name, typeof value === 'string' ? value.trim() : value] as const)
    .filter(([name, value]) => value !== '' && value !== null && name !== HONEYPOT_FIELD)
  const { source, campaign, email, phone, name, attribution, data, ...rest } = Object.fromEntries(filled)
  const isAttribution = (key: string) => (ATTRIBUTION_KEYS as readonly string[]).includes(key)
  const flatAttribution = Object.fromEntries(Object.entries(rest).filter(([key]) => isAttribution(key)))
  const extra = Object.fromEntries(Object.entries(rest).filter(([key]) => !isAttribution(key)))
  const candidate: Fields = { source: source ?? DEFAULT_FORM_SOURCE, campaign, email, phone, name }
  candidate.attribution = merged(attribution, flatAttribution)
  candidate.data = merged(data, extra)
  return Object.fromEntries(Object.entries(candidate).filter(([, value]) => value !== undefined))
}
