import type { z } from 'zod'
import { invalidParams, type ErrorDetails, type SvcError } from './errors.ts'

/** One issue as `details.issues` names it: a dotted path into the params, zod's code, its message. */
export type ParamIssue = { path: string, code: string, message: string }

/** zod's issues as `details.issues` names them; `under`: where in the params the parsed value sits (`settings`, `stages.2.options`). */
export function paramIssues (issues: readonly z.core.$ZodIssue[], under?: string): ParamIssue[] {
  return issues.map(issue => {
    const path = issue.path.map(String).join('.')
    return { path: under === undefined ? path : path === '' ? under : `${under}.${path}`, code: issue.code, message: issue.message }
  })
}

/** The issues in a message: `path: message`, or the message alone where the path is empty, `; ` between. */
export const listIssues = (issues: readonly ParamIssue[]): string =>
  issues.map(issue => issue.path ? `${issue.path}: ${issue.message}` : issue.message).join('; ')

export type ZodRefusal = {
  /** Where in the params the parsed value sits, for each issue's path. @default the params themselves */
  under?: string
  /** What the message lists after `what`: each issue with its path, its message alone (a single value's), or nothing. @default 'paths' */
  list?: 'paths' | 'messages' | 'none'
  /** More details beside `issues`. */
  details?: ErrorDetails
}

/**
 * 400 `invalid_params` from zod's issues, the one way every schema a caller's input fails becomes
 * the envelope: `what`, then the issues as `list` says; `details.issues` always names each.
 */
export function invalidParamsFromZod (what: string, zodIssues: readonly z.core.$ZodIssue[], { under, list = 'paths', details }: ZodRefusal = {}): SvcError {
  const issues = paramIssues(zodIssues, under)
  const listed = list === 'none' ? '' : `: ${list === 'paths' ? listIssues(issues) : issues.map(issue => issue.message).join('; ')}`
  return invalidParams(`${what}${listed}`, { ...details, issues })
}
