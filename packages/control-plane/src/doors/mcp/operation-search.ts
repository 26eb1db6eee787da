import type { Operation } from '../../kernel/registry/define-operation.ts'
import { toolName } from './tool-name.ts'

/** What `search_operations` filters by: words, a resource, read-only only. */
export type OperationQuery = { query?: string | undefined, resource?: string | undefined, read_only?: boolean | undefined }

/** At most this many matches are listed; `more` says how many were left out. */
const SEARCH_LIMIT = 25

const wordsOf = (text: string): string[] => text.toLowerCase().split(/[^a-z0-9_]+/).filter(word => word !== '')

/**
 * The operations matching every word of the query (in the tool name, summary or description,
 * case-insensitive, a word matching the start of one), of the resource and read-only when asked,
 * in tool-name order (the order they come in).
 */
export function searchOperations (operations: readonly Operation[], query: OperationQuery): { matches: Operation[], more: number } {
  const wanted = wordsOf(query.query ?? '')
  const matching = operations.filter(operation => {
    if (query.resource !== undefined && operation.resource !== query.resource) return false
    if (query.read_only === true && !operation.readonly) return false
    const words = wordsOf(`${toolName(operation)} ${operation.name} ${operation.summary} ${operation.description}`)
    return wanted.every(word => words.some(candidate => candidate.startsWith(word)))
  })
  return { matches: matching.slice(0, SEARCH_LIMIT), more: Math.max(0, matching.length - SEARCH_LIMIT) }
}
