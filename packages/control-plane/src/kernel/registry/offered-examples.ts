import type { Operation } from './define-operation.ts'
import type { ResolvedContent } from '../../platform/host-contract/content.ts'
import { hasContentPart } from '../../platform/host-contract/content-parts.ts'

/**
 * The operations with only the examples this host can run: one that needs a part of a post the
 * host's field map lacks (an excerpt, a `pending` state), or whose setup calls an operation not
 * installed here (a resource the host cannot carry), is left out of the manifest, the OpenAPI
 * document and the MCP tools. An operation whose examples all fit is the same object.
 */
export function withOfferedExamples (operations: readonly Operation[], content: ResolvedContent | false): Operation[] {
  const installed = new Set(operations.map(operation => operation.name))
  return operations.map(operation => {
    const offered = operation.examples.filter(example => (example.needs ?? []).every(part => hasContentPart(content, part)) &&
      (example.setup ?? []).every(step => installed.has(step.operation)))
    return offered.length === operation.examples.length ? operation : { ...operation, examples: offered }
  })
}
