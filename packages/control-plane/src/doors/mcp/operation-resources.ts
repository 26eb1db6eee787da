import { ProtocolError, ProtocolErrorCode, ResourceNotFoundError, type ListResourceTemplatesResult, type ReadResourceResult, type Resource } from '@modelcontextprotocol/server'
import type { ControlPlaneRuntime } from '../../kernel/runtime.ts'
import type { Identity } from '../../kernel/access/door-auth.ts'
import type { Operation } from '../../kernel/registry/define-operation.ts'
import { TEMPLATE_VARIABLE, type McpResourceOptions } from '../../kernel/registry/mcp-options.ts'
import { readOperation } from './read-operation.ts'
import { escapeRegExp } from '../../platform/lib/escape-reg-exp.ts'

const JSON_TYPE = 'application/json'

type ResourceOperation = Operation & { mcp: { resource: McpResourceOptions } }

const declaresResource = (operation: Operation): operation is ResourceOperation => operation.mcp?.resource !== undefined
const isTemplate = (uri: string) => uri.match(TEMPLATE_VARIABLE) !== null

const described = (operation: ResourceOperation) => ({
  name: operation.mcp.resource.name,
  ...(operation.summary === operation.description ? {} : { title: operation.summary }),
  description: operation.description,
  mimeType: operation.mcp.resource.mimeType ?? JSON_TYPE,
})

/** The resources at fixed addresses among the operations this caller may run (`mcp.resource`). */
export const operationResources = (runnable: readonly Operation[]): Resource[] =>
  runnable.filter(declaresResource).filter(operation => !isTemplate(operation.mcp.resource.uri))
    .map(operation => ({ uri: operation.mcp.resource.uri, ...described(operation) }))

/** The resource templates among the operations this caller may run. */
export const operationResourceTemplates = (runnable: readonly Operation[]): ListResourceTemplatesResult['resourceTemplates'] =>
  runnable.filter(declaresResource).filter(operation => isTemplate(operation.mcp.resource.uri))
    .map(operation => ({ uriTemplate: operation.mcp.resource.uri, ...described(operation) }))

/** The params an address gives a resource's template (or none, for its fixed address); null when it is not one of its addresses. */
function paramsAt (template: string, uri: string): Record<string, string> | null {
  const names: string[] = []
  const pattern = template.split(TEMPLATE_VARIABLE).map((part, index) => {
    if (index % 2 === 0) return escapeRegExp(part)
    names.push(part)
    return '([^/?#]+)'
  }).join('')
  const match = new RegExp(`^${pattern}$`).exec(uri)
  if (!match) return null
  try {
    return Object.fromEntries(names.map((name, index) => [name, decodeURIComponent(match[index + 1]!)]))
  } catch {
    // A broken escape (`%E0%A4%A`) names no address of the template: not found, not a failure of ours.
    return null
  }
}

/**
 * `resources/read` of an operation's resource: the operation runs through the pipeline with the
 * address's params, audited with the channel `mcp` and its tool name, and answers its data as
 * the resource's contents. An address no runnable operation has is not found; a refusal is a
 * protocol error carrying the envelope's code.
 */
export async function readOperationResource (runtime: ControlPlaneRuntime, identity: Identity, runnable: readonly Operation[], uri: string, requestId: string | null): Promise<ReadResourceResult> {
  for (const operation of runnable.filter(declaresResource)) {
    const params = paramsAt(operation.mcp.resource.uri, uri)
    if (!params) continue
    const outcome = await readOperation(runtime, identity, operation, params, requestId)
    if (!outcome.ok) {
      if (outcome.error.code === 'not_found') throw new ResourceNotFoundError(uri, outcome.error.message)
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `${outcome.error.code}: ${outcome.error.message}`)
    }
    const declared = operation.mcp.resource
    return { contents: declared.contents ? declared.contents(outcome.data, uri) : [{ uri, mimeType: declared.mimeType ?? JSON_TYPE, text: JSON.stringify(outcome.data) }] }
  }
  throw new ResourceNotFoundError(uri, `no resource ${uri}`)
}
