import { z } from 'zod'
import type { Operation } from './define-operation.ts'
import type { OperationRegistry } from './registry.ts'
import { NAMESPACE, PRODUCT_VERSION } from '../../platform/version.ts'
import { EXAMPLE_FIXTURES } from './operation-example.ts'
import { callErrorCodes } from './error-codes.ts'
import type { ErrorCode } from '../../platform/errors/errors.ts'
import { weakMemo } from '../../platform/lib/weak-memo.ts'
import type { Deprecation } from './deprecation.ts'

/** A page of the Admin UI that manages a resource; the navigation shows it when the manifest lists every operation in `requires`. */
export type AdminPage = {
  /** Where the page lives in the Admin UI, e.g. `/control-plane/crm` (its component is `admin/pages/crm.tsx`); the package's pages all live under `/control-plane`. */
  path: string
  /** Its entry in the navigation. */
  label: string
  title: string
  /** Operations the page calls. */
  requires: readonly string[]
}

export type ManifestEntry = Omit<Operation, 'params' | 'returns' | 'handler' | 'errors' | 'openWorld' | 'target' | 'startsJob' | 'changesReach' | 'ownRecords' | 'deprecated' | 'notPreviewable' | 'shownOnce'> & {
  /** Present on a deprecated operation only, with `deprecation`. */
  deprecated?: true
  /** Since when, until when and what instead; present with `deprecated`. */
  deprecation?: Deprecation
  /** Reaches outside the site (e-mail, providers, other systems). */
  open_world: boolean
  /** Answers 202 with a job to follow with `jobs.get` (its `Location`). */
  starts_job: boolean
  /** Over MCP, a person confirms each call through the client before it runs (every destructive operation). */
  person_confirms: boolean
  /** A call can be previewed (`preview: true`): run and rolled back, answering what it would change. */
  previewable: boolean
  /** Why it cannot be previewed; null when it can. */
  previewable_reason: string | null
  /** False while the operation's module is disabled. */
  enabled: boolean
  /** Every error code a call can answer with: the pipeline's and the handler's. */
  errors: ErrorCode[]
  params: Record<string, unknown>
  returns: Record<string, unknown>
  get_path: string | null
}

export function toJsonSchema (schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  return z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' })
}

/** Operations never change after registration, so their JSON Schemas are built once. */
export const paramsJsonSchema = weakMemo((operation: Operation) => toJsonSchema(operation.params, 'input'))

export const returnsJsonSchema = weakMemo((operation: Operation) => toJsonSchema(operation.returns, 'output'))

function manifestEntry (operation: Operation, basePath: string, disabledModules: ReadonlySet<string>): ManifestEntry {
  return {
    name: operation.name,
    resource: operation.resource,
    action: operation.action,
    summary: operation.summary,
    description: operation.description,
    capability: operation.capability,
    readonly: operation.readonly,
    destructive: operation.destructive,
    idempotent: operation.idempotent,
    open_world: operation.openWorld,
    starts_job: operation.startsJob,
    person_confirms: operation.destructive,
    previewable: operation.notPreviewable === null,
    previewable_reason: operation.notPreviewable,
    since: operation.since,
    ...(operation.deprecated ? { deprecated: true as const, deprecation: operation.deprecated } : {}),
    module: operation.module,
    examples: operation.examples.map(example => ({ ...example, title: example.title ?? operation.summary })),
    errors: callErrorCodes(operation),
    enabled: !disabledModules.has(operation.module),
    params: paramsJsonSchema(operation),
    returns: returnsJsonSchema(operation),
    get_path: operation.readonly ? `${basePath}/manage/${operation.resource}/${operation.action}` : null,
  }
}

export function buildManifest (
  registry: OperationRegistry,
  basePath: string,
  disabledModules: ReadonlySet<string> = new Set(),
  adminPages: readonly AdminPage[] = [],
  /** Which operations the reader sees: a scoped key's manifest lists only what it may call. @default every operation */
  visible: (operation: Operation) => boolean = () => true,
) {
  return {
    namespace: NAMESPACE,
    product_version: PRODUCT_VERSION,
    /** What the example placeholders that no setup step binds stand for. */
    example_fixtures: EXAMPLE_FIXTURES,
    operations: registry.all().filter(visible).map(operation => manifestEntry(operation, basePath, disabledModules)),
    /** The installed resources' Admin UI pages, in navigation order. */
    admin_pages: adminPages,
  }
}
