import { z } from 'zod'
import type { OperationContext } from './operation-context.ts'
import { FIRST_RELEASE } from '../../platform/version.ts'
import { releaseProblem } from './since.ts'
import { deprecationProblem, type Deprecation } from './deprecation.ts'
import { exampleParamsProblems, unboundPlaceholders, type OperationExample } from './operation-example.ts'
import { callErrorCodes, DEFAULT_HANDLER_ERRORS } from './error-codes.ts'
import type { ErrorCode } from '../../platform/errors/errors.ts'
import { promptProblem, resourceProblem, toolNameProblem, type McpOptions } from './mcp-options.ts'

export type OperationResult<Data> = { data: Data, changed: boolean }

export type ParamsShape = z.ZodRawShape

/**
 * What a CMS developer writes to add an operation; built-ins use the same form. Its name comes
 * from where it is declared: the key of its resource's `operations` map is the action, the
 * resource's `name` the resource (`crm.create`).
 */
export type OperationConfig<Shape extends ParamsShape, Returns extends z.ZodType> = {
  /**
   * Resource group, e.g. `crm`. Lower snake case. Only for a host's one-off `operations`, which
   * belong to no resource; an operation of a resource takes its resource's name.
   * @deprecated in a resource's operations (given there, it must equal the resource's name)
   * @default the name of the resource that declares it
   */
  resource?: string
  /**
   * Action within the resource, e.g. `create`. Lower snake case. Only for a host's one-off `operations`.
   * @deprecated in a resource's operations (the key of its `operations` map names it)
   * @default its key in the resource's `operations` map
   */
  action?: string
  /** One line for the manifest. */
  summary: string
  /** Longer explanation for the manifest. @default summary */
  description?: string
  /** Parameter schema; unknown keys are rejected. Destructive operations get `confirm` added. */
  params: z.ZodObject<Shape>
  /** Schema of `data`; responses are parsed through it, so nothing undeclared leaves. */
  returns: Returns
  /** Capability the caller needs. @default 'manage_options' */
  capability?: string
  /** Changes nothing; also served by the GET read form. @default false */
  readonly?: boolean
  /** Needs `confirm: true`. @default false */
  destructive?: boolean
  /** Repeating the same call leaves the same state. @default readonly */
  idempotent?: boolean
  /**
   * Reaches outside the site: sends e-mail, calls a provider or another system (now or through
   * the outbox). Tool-protocol clients show it as `openWorldHint`. @default false
   */
  openWorld?: boolean
  /**
   * Starts a job (`startJob`) and answers with it at once: its data carries `job_id`, and the
   * HTTP doors answer 202 Accepted with the job's `Location` (the read form of `jobs.get`).
   * @default false
   */
  startsJob?: boolean
  /**
   * Why a call cannot be previewed (`preview: true` runs it in a transaction that is rolled back):
   * it reaches another system while it runs (a provider, a mail server, a peer over HTTP) or acts
   * outside the database (files, memory), so rolling back would not take that back. A destructive
   * call is also previewed before a person or an administrator is asked about it, so an operation
   * like that declares this. The manifest shows `previewable: false` with the reason.
   * @default previewable, unless it is readonly (nothing to preview) or starts a job (which runs after the call)
   */
  notPreviewable?: string
  /**
   * Fields of its answer that carry a secret shown this once (a minted key): a preview answers
   * them, and every field named like a secret, as `"[preview]"`. @default []
   */
  shownOnce?: readonly string[]
  /**
   * Changes which operations callers may run: switches a module, a role's capabilities or
   * members, revokes a key or a grant. After such a call succeeds, connected MCP clients are told
   * their tool lists changed, on every instance. @default false
   */
  changesReach?: boolean
  /**
   * Reads or changes records each made by one credential (jobs): a credential reaches those it
   * made without the operation's scope, and the handler narrows what it touches to them unless the
   * caller's scopes cover the operation (`grantCovers`). The role's capability still applies. @default false
   */
  ownRecords?: boolean
  /**
   * The product version of the release that brought the operation (`'1.5.000'`): an operation
   * added after the first release names its own, which must not be newer than this build.
   * @default '1.4.000', the first release
   */
  since?: string
  /**
   * On its way out: it keeps working until `sunset` (at least 12 months after `on`), the manifest
   * and the OpenAPI document mark it, and each call answers with `Deprecation` and `Sunset`
   * (an MCP `_meta` note) and is counted on the status page. @default not deprecated
   */
  deprecated?: Deprecation
  /** Module the operation belongs to. @default resource */
  module?: string
  /**
   * Calls that work on a fresh site, listed in the manifest. Checked against `params` here;
   * the built-server suite runs every one and fails for an operation that has none.
   * @default []
   */
  examples?: readonly OperationExample[]
  /**
   * The error codes the handler itself answers with (the pipeline adds its own: `invalid_params`,
   * `forbidden`, `module_disabled`, `rate_limited`, `confirm_required` for destructive operations…).
   * Listed in the manifest and the OpenAPI document; an example's `refusal` must be one of them.
   * @default ['not_found', 'conflict']
   */
  errors?: readonly ErrorCode[]
  /**
   * For a destructive operation: what a call will destroy, in a person's words (`CRM slot 001
   * "Acme"`), or null when the record is not there. A person asked to confirm the call through
   * their MCP client reads it. @default the call's params
   */
  target? (params: z.output<z.ZodObject<Shape>>, context: Pick<OperationContext, 'db'>): Promise<string | null>
  /** Its MCP tool's name and answer, where `resource-action` and JSON text do not fit. @default {} */
  mcp?: McpOptions<z.output<Returns>>
  // A method, so a map of operations with their own params holds each of them.
  handler (
    params: z.output<z.ZodObject<Shape>>,
    context: OperationContext,
  ): Promise<OperationResult<z.input<Returns>>>
}

/**
 * An operation as declared, not yet named: its schemas keep their types, so what calls it (the
 * Admin UI's client) infers its params and result. Its resource names it (`defineResource`).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a map of declarations of any params: a handler is contravariant in its params, so no narrower default admits them all
export type OperationDeclaration<Shape extends ParamsShape = any, Returns extends z.ZodType = z.ZodType> =
  OperationConfig<Shape, Returns> & { readonly resource?: undefined, readonly action?: undefined }

/** A resource's operations, by action. */
export type OperationMap = { readonly [action: string]: OperationDeclaration }

/** What a caller sends: the params schema's input (a destructive operation's `confirm` travels beside them). */
export type ParamsOf<Declared extends { params: z.ZodType }> = z.input<Declared['params']>

/** What a caller gets in `data`: the returns schema's output. */
export type ResultOf<Declared extends { returns: z.ZodType }> = z.output<Declared['returns']>

/** An operation as the registry holds it: defaults filled, params strict. */
export type Operation = {
  name: string
  resource: string
  action: string
  summary: string
  description: string
  params: z.ZodObject<ParamsShape>
  returns: z.ZodType
  capability: string
  readonly: boolean
  destructive: boolean
  idempotent: boolean
  openWorld: boolean
  /** Answers with a job it started (202 and `Location` over HTTP). */
  startsJob: boolean
  /** Changes which operations callers may run; see `OperationConfig.changesReach`. */
  changesReach: boolean
  /** Why a call cannot be previewed, or null when it can; see `OperationConfig.notPreviewable`. */
  notPreviewable: string | null
  /** Fields of its answer shown this once; see `OperationConfig.shownOnce`. */
  shownOnce: readonly string[]
  /** Reached without its scope for a credential's own records; see `OperationConfig.ownRecords`. */
  ownRecords: boolean
  since: string
  /** On its way out; see `OperationConfig.deprecated`. */
  deprecated?: Deprecation | undefined
  module: string
  examples: readonly OperationExample[]
  /** The error codes the handler itself answers with; see {@link callErrorCodes} for all of a call's. */
  errors: readonly ErrorCode[]
  /** Called with params its `params` schema has parsed. */
  handler: (params: Record<string, unknown>, context: OperationContext) => Promise<OperationResult<unknown>>
  /** What a destructive call will destroy, in a person's words; see `OperationConfig.target`. */
  target?: ((params: Record<string, unknown>, context: Pick<OperationContext, 'db'>) => Promise<string | null>) | undefined
  /** Its MCP tool's name and content blocks, where it chose them; see `OperationConfig.mcp`. */
  mcp?: McpOptions | undefined
}

const NAME_PART = /^[a-z][a-z0-9_]*$/

/** MCP clients accept tool names of at most 64 characters; an operation's tool name is as long as its name. */
const MAX_NAME_LENGTH = 64

/**
 * An operation, declared once with its schemas and handler. Without `resource` and `action` it
 * is named by the resource that lists it (`defineResource({ name: 'crm', operations: { create } })`);
 * with both (a host's one-off `operations`) it is named, and checked, here.
 */
export function defineOperation<Shape extends ParamsShape, Returns extends z.ZodType> (
  config: OperationConfig<Shape, Returns> & { resource: string, action: string },
): Operation
export function defineOperation<Shape extends ParamsShape, Returns extends z.ZodType> (
  config: OperationConfig<Shape, Returns> & { resource?: undefined, action?: undefined },
): OperationDeclaration<Shape, Returns>
export function defineOperation<Shape extends ParamsShape, Returns extends z.ZodType> (
  config: OperationConfig<Shape, Returns>,
): Operation | OperationDeclaration<Shape, Returns> {
  if (config.resource !== undefined && config.action !== undefined) return nameOperation(config.resource, config.action, config)
  if (config.resource !== undefined || config.action !== undefined) throw new Error('an operation gives both resource and action, or neither (its resource names it)')
  return config as OperationDeclaration<Shape, Returns>
}

/** The operation under its name, defaults filled and examples checked; what the registry holds. */
export function nameOperation<Shape extends ParamsShape, Returns extends z.ZodType> (
  resource: string,
  action: string,
  config: OperationConfig<Shape, Returns>,
): Operation {
  for (const part of [resource, action]) {
    if (!NAME_PART.test(part)) throw new Error(`operation name part "${part}" must match ${NAME_PART}`)
  }
  const name = `${resource}.${action}`
  if (name.length > MAX_NAME_LENGTH) throw new Error(`operation name ${name} is longer than ${MAX_NAME_LENGTH} characters`)
  const destructive = config.destructive ?? false
  const readonly = config.readonly ?? false
  if (destructive && readonly) throw new Error(`${name} cannot be both readonly and destructive`)
  const mcpProblem = (config.mcp?.tool === undefined ? null : toolNameProblem(name, config.mcp.tool)) ??
    (config.mcp?.resource === undefined ? null : resourceProblem(name, readonly, Object.keys(config.params.shape), config.mcp.resource)) ??
    (config.mcp?.prompt === undefined ? null : promptProblem(name, readonly, config.mcp.prompt))
  if (mcpProblem) throw new Error(mcpProblem)
  const since = config.since ?? FIRST_RELEASE
  const sinceProblem = releaseProblem(since)
  if (sinceProblem) throw new Error(`${name} since: ${sinceProblem}`)
  const deprecatedProblem = config.deprecated ? deprecationProblem(config.deprecated) : null
  if (deprecatedProblem) throw new Error(`${name} deprecated: ${deprecatedProblem}`)
  const params = destructive
    ? config.params.extend({ confirm: z.boolean().optional().describe('Must be true for this destructive operation to run.') })
    : config.params
  const strictParams = params.strict() as unknown as z.ZodObject<ParamsShape>
  const examples = config.examples ?? []
  const errors = config.errors ?? DEFAULT_HANDLER_ERRORS
  const answers = callErrorCodes({ destructive, readonly, errors })
  for (const [index, example] of examples.entries()) {
    const problems = [
      ...example.refusal && !answers.includes(example.refusal) ? [`refusal ${example.refusal} is not among the operation's errors (${answers.join(', ')})`] : [],
      ...exampleParamsProblems(strictParams, example.params),
      ...unboundPlaceholders(example).map(unbound => `placeholder {{${unbound}…}} names nothing bound before it`),
      ...destructive && !example.confirm && example.refusal !== 'confirm_required' ? ['a destructive operation runs only with confirm: true'] : [],
    ]
    if (problems.length > 0) throw new Error(`${name} example ${index + 1}: ${problems.join('; ')}`)
  }
  return {
    name,
    resource,
    action,
    summary: config.summary,
    description: config.description ?? config.summary,
    params: strictParams,
    returns: config.returns,
    capability: config.capability ?? 'manage_options',
    readonly,
    destructive,
    idempotent: config.idempotent ?? readonly,
    openWorld: config.openWorld ?? false,
    startsJob: config.startsJob ?? false,
    ownRecords: config.ownRecords ?? false,
    changesReach: config.changesReach ?? false,
    notPreviewable: config.notPreviewable ?? (readonly ? 'it changes nothing: call it' : config.startsJob ? 'it starts a job, which runs after the call' : null),
    shownOnce: config.shownOnce ?? [],
    since,
    ...(config.deprecated ? { deprecated: config.deprecated } : {}),
    module: config.module ?? resource,
    examples,
    errors,
    // The registry calls it only with what `params` parsed, which is the declared type.
    handler: config.handler.bind(config) as unknown as Operation['handler'],
    target: config.target?.bind(config) as unknown as Operation['target'],
    ...(config.mcp ? { mcp: config.mcp } : {}),
  }
}
