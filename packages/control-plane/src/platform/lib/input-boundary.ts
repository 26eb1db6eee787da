import { invalidParams, type SvcError } from '../errors/errors.ts'

/**
 * The one rule for text and structure that every door applies to what it receives (dispatch
 * params, the GET read form, the public lead form, content-source deliveries, and any door added
 * later, which gets it from `runOperation`). It holds the same on every database: PostgreSQL
 * cannot store U+0000 in text or JSON, and a lone UTF-16 surrogate cannot be encoded as UTF-8 at
 * all, so both are refused everywhere rather than accepted on SQLite and failing elsewhere.
 */

/** Arrays and objects may nest this deep in any JSON input; deeper documents are refused unparsed. */
export const MAX_JSON_DEPTH = 100

export type InputIssue = { path: string, code: 'nul_character' | 'lone_surrogate' | 'too_deep', message: string }

// With the `u` flag a well-formed surrogate pair is one code point, so \p{Cs} matches only lone halves.
// eslint-disable-next-line no-control-regex -- U+0000 is the very character PostgreSQL refuses in text
const UNSTORABLE = /[\u0000\p{Cs}]/u

/** Text with each U+0000 and lone surrogate replaced by U+FFFD: for records of refused input (audit, logs). */
export const storableText = (text: string): string => text.replace(new RegExp(UNSTORABLE.source, 'gu'), '\uFFFD')

function textIssue (text: string, path: string): InputIssue | null {
  const found = UNSTORABLE.exec(text)
  if (!found) return null
  return found[0] === '\u0000'
    ? { path, code: 'nul_character', message: 'must not contain the character U+0000' }
    : { path, code: 'lone_surrogate', message: 'must not contain an unpaired UTF-16 surrogate' }
}

const tooDeep = (path: string): InputIssue =>
  ({ path, code: 'too_deep', message: `nested more than ${MAX_JSON_DEPTH} levels of arrays and objects` })

/** Where a value sits, as a chain back to the root; spelled out only when something is reported. */
type Step = { key: string | number, parent: Step | null }

function pathOf (root: string, step: Step | null): string {
  const keys: Array<string | number> = []
  for (let at = step; at; at = at.parent) keys.push(at.key)
  return [...(root ? [root] : []), ...keys.reverse()].join('.')
}

/**
 * The first place where `value` breaks the rule, walking keys and strings without recursion so
 * any input is safe to inspect, and holding only its containers, not its scalars, while it walks.
 * `root` prefixes the reported path (e.g. `body`).
 */
export function findInputIssue (value: unknown, root = ''): InputIssue | null {
  if (typeof value === 'string') return textIssue(value, root)
  if (typeof value !== 'object' || value === null) return null
  const pending: Array<[object, Step | null, number]> = [[value, null, 0]]
  while (pending.length > 0) {
    const [current, at, depth] = pending.pop()!
    if (depth >= MAX_JSON_DEPTH) return tooDeep(pathOf(root, at))
    /** Checks one member; containers are queued, scalars are done with at once. */
    const visit = (key: string | number, inner: unknown): InputIssue | null => {
      if (typeof inner === 'string') {
        const issue = textIssue(inner, '')
        return issue && { ...issue, path: pathOf(root, { key, parent: at }) }
      }
      if (typeof inner === 'object' && inner !== null) pending.push([inner, { key, parent: at }, depth + 1])
      return null
    }
    if (Array.isArray(current)) {
      for (let index = 0; index < current.length; index++) {
        const issue = visit(index, current[index])
        if (issue) return issue
      }
      continue
    }
    for (const [key, inner] of Object.entries(current)) {
      const keyIssue = textIssue(key, '')
      if (keyIssue) return { ...keyIssue, path: pathOf(root, { key, parent: at }), message: `key ${keyIssue.message}` }
      const issue = visit(key, inner)
      if (issue) return issue
    }
  }
  return null
}

/** The 400 `invalid_params` a broken input answers with, naming the field. */
function inputRefused (issue: InputIssue, what = 'invalid input'): SvcError {
  const where = issue.path ? `${issue.path}: ` : ''
  return invalidParams(`${what}: ${where}${issue.message}`, { issues: [issue] })
}

/** Throws `invalid_params` naming the first field that breaks the rule. */
export function assertCleanInput (value: unknown, options: { root?: string, what?: string } = {}): void {
  const issue = findInputIssue(value, options.root)
  if (issue) throw inputRefused(issue, options.what)
}

/**
 * Whether JSON text nests deeper than the limit, by one linear scan of its brackets, so a hostile
 * document never reaches `JSON.parse` (which recurses) or anything else recursive.
 */
export function jsonTextTooDeep (text: string, maxDepth = MAX_JSON_DEPTH): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i)
    if (inString) {
      if (char === 0x5c) i++ // backslash: skip the escaped character
      else if (char === 0x22) inString = false
    } else if (char === 0x22) {
      inString = true
    } else if (char === 0x7b || char === 0x5b) {
      if (++depth > maxDepth) return true
    } else if (char === 0x7d || char === 0x5d) {
      depth--
    }
  }
  return false
}

/**
 * Parses JSON text that came from outside and applies the rule to it: `invalid` makes the error
 * for text that is not JSON; depth, U+0000 and lone surrogates answer `invalid_params`.
 */
export function parseJsonInput (text: string, options: { invalid: () => SvcError, root?: string, what?: string }): unknown {
  if (jsonTextTooDeep(text)) throw inputRefused(tooDeep(options.root ?? ''), options.what)
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw options.invalid()
  }
  assertCleanInput(value, options)
  return value
}
