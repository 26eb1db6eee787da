import type { ContentBlock, GetPromptResult, ReadResourceResult } from '@modelcontextprotocol/server'

/** One block of a tool result's `content`: text, an image, audio, a resource link or an embedded resource (MCP's `ContentBlock`). */
export type McpContentBlock = ContentBlock

/**
 * How an operation shows over MCP, where the defaults do not fit: a tool name a client already
 * looks for, an answer that is more than JSON (an image, audio, an embedded resource), or a
 * resource or prompt besides its tool. Every call still takes the whole pipeline: validation,
 * capability, module switch, rate limit, audit.
 */
export type McpOptions<Data = unknown> = {
  /**
   * The tool's name instead of `resource-action`. Letters, digits, `_` and `.`, at most 64
   * characters: never a `-`, so it cannot be taken for another operation's `resource-action`
   * name. Two operations naming the same tool stop the start.
   * @default `resource-action` (`notes-add`)
   */
  tool?: string
  /**
   * The tool result's `content` blocks for the operation's `data` (as `returns` parsed it): text,
   * `image` or `audio` (base64 `data` and a `mimeType`), an embedded `resource`. The data stays
   * the result's `structuredContent`, as the tool's `outputSchema` says.
   * @default one text block, the data as JSON
   */
  content? (data: Data): McpContentBlock[]
  /**
   * Also an MCP resource, read through this operation (see `McpResourceOptions`).
   * @default not a resource
   */
  resource?: McpResourceOptions<Data>
  /**
   * Also an MCP prompt, got through this operation (see `McpPromptOptions`).
   * @default not a prompt
   */
  prompt?: McpPromptOptions<Data>
}

/** One entry of a `resources/read` answer: `{ uri, mimeType, text }` or `{ uri, mimeType, blob }` (base64). */
export type McpResourceContents = ReadResourceResult['contents'][number]

/**
 * A read-only operation that is also an MCP resource: `resources/read` of its address runs the
 * operation (same pipeline, audited under its tool name) and answers its data.
 */
export type McpResourceOptions<Data = unknown> = {
  /**
   * Its address (`notes://pinned`), or a template whose `{name}` parts are the operation's string
   * params (`notes://note/{id}`), listed by `resources/templates/list`. Each `{name}` must be a param.
   */
  uri: string
  /** Its short name in `resources/list`. */
  name: string
  /** @default 'application/json' */
  mimeType?: string
  /**
   * The `contents` for the data, at the address read.
   * @default the data as JSON text
   */
  contents? (data: Data, uri: string): McpResourceContents[]
}

/** One message of a `prompts/get` answer: a role and one content block. */
export type McpPromptMessage = GetPromptResult['messages'][number]

/**
 * A read-only operation that is also an MCP prompt: `prompts/get` runs the operation (same
 * pipeline, audited under its tool name) with the prompt's arguments as its params, which are
 * therefore strings, and answers the messages made of its data. Its arguments are its params,
 * with their descriptions; the prompt's description is the operation's.
 */
export type McpPromptOptions<Data = unknown> = {
  /** Its name in `prompts/list`: letters, digits, `_` and `.`, unique among the operations' prompts and not the package's own (`review_site_health`). */
  name: string
  messages (data: Data): McpPromptMessage[]
}

/** A `{name}` part of a resource template. */
export const TEMPLATE_VARIABLE = /\{([a-z][a-z0-9_]*)\}/g

/** Why an operation cannot be the MCP resource it declares, or null when it can. */
export function resourceProblem (operationName: string, readonly: boolean, params: readonly string[], resource: McpResourceOptions): string | null {
  if (!readonly) return `${operationName}: mcp.resource needs a readonly operation (reading a resource changes nothing)`
  const unknown = [...resource.uri.matchAll(TEMPLATE_VARIABLE)].map(match => match[1]!).filter(name => !params.includes(name))
  return unknown.length === 0 ? null : `${operationName}: mcp.resource "${resource.uri}" names ${unknown.map(name => `{${name}}`).join(', ')}, which is no param`
}

/** What an MCP tool or prompt name the operation chooses may be made of; see `McpOptions.tool`. */
const TOOL_NAME = /^[A-Za-z0-9_.]{1,64}$/

/** The prompts the MCP door serves of its own (doors/mcp/prompts.ts): an operation's prompt takes another name. */
export const PACKAGE_PROMPT_NAMES = ['review_site_health'] as const

/** Why an operation cannot be the MCP prompt it declares, or null when it can. */
export function promptProblem (operationName: string, readonly: boolean, prompt: McpPromptOptions): string | null {
  if (!readonly) return `${operationName}: mcp.prompt needs a readonly operation (getting a prompt changes nothing)`
  if ((PACKAGE_PROMPT_NAMES as readonly string[]).includes(prompt.name)) return `${operationName}: mcp.prompt name "${prompt.name}" is the package's own prompt; choose another`
  return TOOL_NAME.test(prompt.name) ? null : `${operationName}: mcp.prompt name "${prompt.name}" must match ${TOOL_NAME}`
}

/** Why the tool name an operation chose cannot be one, or null when it can. */
export function toolNameProblem (operationName: string, tool: string): string | null {
  return TOOL_NAME.test(tool) ? null : `${operationName}: mcp.tool "${tool}" must match ${TOOL_NAME} (no "-": resource-action is the default tool name)`
}
