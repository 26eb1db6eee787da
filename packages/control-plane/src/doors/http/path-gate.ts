import type { RequestHandler, Router } from 'express'
import { escapeRegExp } from '../../platform/lib/escape-reg-exp.ts'

/** Where an express 5 path stops being literal: a parameter, a wildcard, an optional group, an escape or a reserved character. */
const FIRST_NON_LITERAL = /[:*{}()[\]?+!\\]/

/** What every request path an express path matches starts with: the path up to its first parameter (`/team/:userNum` → `/team/`). */
const literalHeadOf = (path: string): string => {
  const end = path.search(FIRST_NON_LITERAL)
  return end === -1 ? path : path.slice(0, end)
}

/** The heads no shorter head already covers: `/oauth/` makes `/oauth/interaction/` redundant. */
function coveringHeads (paths: readonly string[], caseSensitive: boolean): string[] {
  const fold = (path: string) => caseSensitive ? path : path.toLowerCase()
  const heads = [...new Set(paths.map(literalHeadOf))].sort((a, b) => a.length - b.length)
  return heads.filter((head, index) => !heads.slice(0, index).some(shorter => fold(head).startsWith(fold(shorter))))
}

export type PathGateOptions = {
  /** As the host's app routes (`app.enabled('case sensitive routing')`): express ignores case by default. */
  caseSensitive: boolean
}

/**
 * One layer in front of the host's own routes: a request whose path starts with none of the
 * literal heads of `paths` goes on to the host at once, without walking the routes behind the
 * gate (every request of the host would otherwise be matched against each of them).
 * The test is on the raw request-target, as express matches it: the query string cannot take part,
 * since no head holds a `?`; a target not starting with `/` (absolute form) is left to the routes.
 */
export function pathGate (paths: readonly string[], routes: Router, { caseSensitive }: PathGateOptions): RequestHandler {
  const alternatives = ['[^/]', ...coveringHeads(paths, caseSensitive).map(escapeRegExp)]
  const mayBeOurs = new RegExp(`^(?:${alternatives.join('|')})`, caseSensitive ? '' : 'i')
  return function controlPlaneGate (req, res, next) {
    if (mayBeOurs.test(req.url)) routes(req, res, next)
    else next()
  }
}
