import type { Tool } from '@modelcontextprotocol/server'
import type { Operation } from '../../kernel/registry/define-operation.ts'
import { paramsJsonSchema } from '../../kernel/registry/manifest.ts'
import { toolName } from './tool-name.ts'
import { toolOutputSchema } from './tool-output.ts'

/** An operation as an MCP tool: its manifest entry's schemas and flags, under its tool name. */
export function toolOf (operation: Operation): Tool {
  return {
    name: toolName(operation),
    title: operation.summary,
    description: operation.description,
    inputSchema: paramsJsonSchema(operation) as Tool['inputSchema'],
    outputSchema: toolOutputSchema(operation),
    annotations: {
      readOnlyHint: operation.readonly,
      destructiveHint: operation.destructive,
      idempotentHint: operation.idempotent,
      openWorldHint: operation.openWorld,
    },
  }
}
