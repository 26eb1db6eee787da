import type { ContentBlock } from '@modelcontextprotocol/server'
import type { Operation } from '../../kernel/registry/define-operation.ts'
import { returnsJsonSchema } from '../../kernel/registry/manifest.ts'

type JsonSchema = Record<string, unknown>

/** Where the data of an operation whose result is not an object goes in `structuredContent`. */
const RESULT_KEY = 'result'

const isObjectSchema = (schema: JsonSchema) => schema.type === 'object'

const wrappedSchemas = new WeakMap<Operation, JsonSchema>()

/**
 * MCP requires a tool's `outputSchema` to describe an object. An operation whose returns schema
 * is object-typed is described by it as it is; any other (a list, a scalar, a union) becomes
 * `{result: <returns schema>}`, and its data is carried as `{result: data}`.
 */
export function toolOutputSchema (operation: Operation): JsonSchema {
  const returns = returnsJsonSchema(operation)
  if (isObjectSchema(returns)) return returns
  let wrapped = wrappedSchemas.get(operation)
  if (!wrapped) {
    // `$schema` and `$defs` stay at the root, where the references inside resolve them.
    const { $schema, $defs, ...inner } = returns
    wrapped = {
      ...($schema === undefined ? {} : { $schema }),
      type: 'object',
      properties: { [RESULT_KEY]: inner },
      required: [RESULT_KEY],
      additionalProperties: false,
      ...($defs === undefined ? {} : { $defs }),
    }
    wrappedSchemas.set(operation, wrapped)
  }
  return wrapped
}

/** The operation's data as the tool result's `structuredContent`, matching `toolOutputSchema`. */
export function structuredContentOf (operation: Operation, data: unknown): Record<string, unknown> {
  return isObjectSchema(returnsJsonSchema(operation)) ? data as Record<string, unknown> : { [RESULT_KEY]: data }
}

/**
 * The tool result's `content`: the blocks the operation makes of its data (`mcp.content`), or
 * the structured content as JSON text, for clients that read only `content`.
 */
export function contentOf (operation: Operation, data: unknown, structuredContent: Record<string, unknown>): ContentBlock[] {
  return operation.mcp?.content ? operation.mcp.content(data) : [{ type: 'text', text: JSON.stringify(structuredContent) }]
}
