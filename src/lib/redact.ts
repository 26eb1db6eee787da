/** Whole snake_case words, so `forward_secret` and `api_key` are hidden and `max_tokens` is not. */
const SECRET_KEY = /(^|_)(secret|api_?key|password|token|authorization)(_|$)/i

export const REDACTED = '[redacted]'

/** A copy of a JSON value with every secret-looking key's value replaced, at any depth. */
export function redactSecrets (value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactSecrets)
  if (typeof value !== 'object' || value === null) return value
  return Object.fromEntries(Object.entries(value).map(([key, inner]) =>
    [key, SECRET_KEY.test(key) && inner !== null && inner !== '' ? REDACTED : redactSecrets(inner)]))
}
