import type { Tool, ToolAnnotations } from '@modelcontextprotocol/server'
import type { Operation } from '../../kernel/registry/define-operation.ts'
import { paramsJsonSchema } from '../../kernel/registry/manifest.ts'
import { weakMemo } from '../../platform/lib/weak-memo.ts'
import { toolName } from './tool-name.ts'
import { toolOutputSchema } from './tool-output.ts'
import { leanInputSchema, leanOutputSchema } from './lean-schema.ts'

/**
 * An operation as an MCP tool: its manifest entry's schemas and flags, under its tool name, lean
 * (see lean-schema.ts): every agent pays for `tools/list` in its context on every conversation.
 * The title is left out where it would repeat the description word for word.
 */
export const toolOf = weakMemo((operation: Operation): Tool => ({
  name: toolName(operation),
  ...(operation.summary === operation.description ? {} : { title: operation.summary }),
  description: operation.description,
  inputSchema: leanInputSchema(paramsJsonSchema(operation)) as Tool['inputSchema'],
  outputSchema: leanOutputSchema(toolOutputSchema(operation)),
  annotations: annotationsOf(operation),
}))

/**
 * The annotations that differ from MCP's defaults (not read-only, destructive, not idempotent, open
 * world), so each says something: a read-only tool is neither destructive nor anything else.
 */
function annotationsOf (operation: Operation): ToolAnnotations {
  if (operation.readonly) return { readOnlyHint: true, ...(operation.openWorld ? {} : { openWorldHint: false }) }
  return {
    destructiveHint: operation.destructive,
    ...(operation.idempotent ? { idempotentHint: true } : {}),
    ...(operation.openWorld ? {} : { openWorldHint: false }),
  }
}
