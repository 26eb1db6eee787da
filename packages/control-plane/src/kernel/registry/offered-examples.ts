import type { Operation } from './define-operation.ts'
import type { ResolvedContent } from '../../platform/host-contract/content.ts'
import { hasContentPart } from '../../platform/host-contract/content-parts.ts'

/**
 * The operations with only the examples this host can run: one that needs a part of a post the
 * host's field map lacks (an excerpt, a `pending` state) is left out of the manifest, the OpenAPI
 * document and the MCP tools. An operation whose examples all fit is the same object.
 */
export function withOfferedExamples (operations: readonly Operation[], content: ResolvedContent | false): Operation[] {
  return operations.map(operation => {
    const offered = operation.examples.filter(example => (example.needs ?? []).every(part => hasContentPart(content, part)))
    return offered.length === operation.examples.length ? operation : { ...operation, examples: offered }
  })
}
