import type { Tool } from '@modelcontextprotocol/server'
import type { Operation } from '../../kernel/registry/define-operation.ts'
import { paramsJsonSchema } from '../../kernel/registry/manifest.ts'

/** A param description this many tools or more give word for word is said once, in the server's instructions. */
const SHARED_BY = 3

/** Where more resources than this share a description, the instructions say "any tool" rather than naming them. */
const NAMED_RESOURCES = 3

type ParamSchema = { description?: unknown }

const keyOf = (param: string, description: string) => `${param}\n${description}`

function paramDescriptions (operation: Operation): Array<[param: string, description: string]> {
  const properties = (paramsJsonSchema(operation).properties ?? {}) as Record<string, ParamSchema>
  return Object.entries(properties).flatMap(([param, schema]) => typeof schema.description === 'string' ? [[param, schema.description] as [string, string]] : [])
}

/**
 * The params many tools describe in the same words (`confirm`, `page`, a slot number): each
 * tool's `inputSchema` leaves the description out and the server's instructions give it once,
 * as a shared `$defs` part does within one schema — every agent pays for `tools/list` in its
 * context, the instructions once.
 */
export class SharedParamDescriptions {
  readonly #shared: ReadonlyMap<string, { param: string, description: string, resources: Set<string> }>

  constructor (operations: readonly Operation[]) {
    const found = new Map<string, { param: string, description: string, resources: Set<string>, tools: number }>()
    for (const operation of operations) {
      for (const [param, description] of paramDescriptions(operation)) {
        const entry = found.get(keyOf(param, description)) ?? { param, description, resources: new Set<string>(), tools: 0 }
        entry.resources.add(operation.resource)
        entry.tools++
        found.set(keyOf(param, description), entry)
      }
    }
    this.#shared = new Map([...found].filter(([, entry]) => entry.tools >= SHARED_BY))
  }

  /** The tool with the shared descriptions of its params left out. */
  lean (tool: Tool): Tool {
    const properties = tool.inputSchema.properties as Record<string, ParamSchema> | undefined
    if (!properties) return tool
    let changed = false
    const lean = Object.fromEntries(Object.entries(properties).map(([param, schema]) => {
      if (typeof schema.description !== 'string' || !this.#shared.has(keyOf(param, schema.description))) return [param, schema]
      changed = true
      const { description: _said, ...rest } = schema
      return [param, rest]
    }))
    return changed ? { ...tool, inputSchema: { ...tool.inputSchema, properties: lean } } : tool
  }

  /** The instructions' sentence giving each shared description once. */
  instructions (): string {
    if (this.#shared.size === 0) return ''
    const lines = [...this.#shared.values()]
      .sort((a, b) => a.param < b.param ? -1 : a.param > b.param ? 1 : 0)
      .map(({ param, description, resources }) => {
        const where = resources.size > NAMED_RESOURCES ? '' : ` (${[...resources].sort().join(', ')} tools)`
        return `${param}${where}: ${description}`
      })
    return `Parameters several tools share, described here once rather than in each inputSchema — ${lines.join(' | ')}`
  }
}
