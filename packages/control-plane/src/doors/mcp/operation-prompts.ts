import { ProtocolError, ProtocolErrorCode, type GetPromptResult, type Prompt } from '@modelcontextprotocol/server'
import type { ControlPlaneRuntime } from '../../kernel/runtime.ts'
import type { Identity } from '../../kernel/access/door-auth.ts'
import type { Operation } from '../../kernel/registry/define-operation.ts'
import type { McpPromptOptions } from '../../kernel/registry/mcp-options.ts'
import { paramsJsonSchema } from '../../kernel/registry/manifest.ts'
import { readOperation } from './read-operation.ts'

type PromptOperation = Operation & { mcp: { prompt: McpPromptOptions } }

const declaresPrompt = (operation: Operation): operation is PromptOperation => operation.mcp?.prompt !== undefined

/** The prompts among the operations this caller may run (`mcp.prompt`): their params are the arguments. */
export const operationPrompts = (runnable: readonly Operation[]): Prompt[] =>
  runnable.filter(declaresPrompt).map(operation => ({
    name: operation.mcp.prompt.name,
    ...(operation.summary === operation.description ? {} : { title: operation.summary }),
    description: operation.description,
    arguments: argumentsOf(operation),
  }))

type ParamsSchema = { properties?: Record<string, { description?: string }>, required?: string[] }

/** The prompt's arguments: the params of the manifest's schema, with their descriptions. */
function argumentsOf (operation: Operation): NonNullable<Prompt['arguments']> {
  const { properties = {}, required = [] } = paramsJsonSchema(operation) as ParamsSchema
  return Object.entries(properties).map(([name, property]) => ({
    name,
    ...(property.description === undefined ? {} : { description: property.description }),
    required: required.includes(name),
  }))
}

/** The operation a prompt name stands for among those this caller may run, if one does. */
export const promptOperation = (runnable: readonly Operation[], name: string): PromptOperation | undefined =>
  runnable.filter(declaresPrompt).find(operation => operation.mcp.prompt.name === name)

/**
 * `prompts/get` of an operation's prompt: the operation runs through the pipeline with the
 * arguments as its params and answers the messages its prompt makes of the data; a refusal is a
 * protocol error carrying the envelope's code.
 */
export async function getOperationPrompt (runtime: ControlPlaneRuntime, identity: Identity, operation: PromptOperation, args: Record<string, string>, requestId: string | null): Promise<GetPromptResult> {
  const outcome = await readOperation(runtime, identity, operation, args, requestId)
  if (!outcome.ok) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `${outcome.error.code}: ${outcome.error.message}`)
  return { description: operation.description, messages: operation.mcp.prompt.messages(outcome.data) }
}
