/** Words that make a key secret on their own: `forward_secret`, `accessToken`, `passphrase`. */
const SECRET_WORDS = new Set(['secret', 'password', 'passphrase', 'token', 'authorization', 'apikey'])

/** Word pairs that do: `api_key`, `apiKey`, `private_key`, `AccessKey`. A bare `key` (`key_set`) does not. */
const SECRET_PAIRS = new Set(['api key', 'private key', 'access key'])

const REDACTED = '[redacted]'

/** The lower-case words of a snake_case, kebab-case, camelCase or PascalCase name: `APIKey` → api, key. */
function wordsOf (name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
}

/** Whole words only, so `max_tokens` and `key_set` stay visible. */
export function isSecretName (name: string): boolean {
  const words = wordsOf(name)
  return words.some((word, index) => SECRET_WORDS.has(word) || SECRET_PAIRS.has(`${word} ${words[index + 1]}`))
}

/** A copy of a JSON value with every secret-looking key's value replaced, at any depth. */
export function redactSecrets (value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactSecrets)
  if (typeof value !== 'object' || value === null) return value
  return Object.fromEntries(Object.entries(value).map(([key, inner]) =>
    [key, isSecretName(key) && inner !== null && inner !== '' ? REDACTED : redactSecrets(inner)]))
}
