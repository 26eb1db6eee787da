import type { ControlPlaneRuntime } from '../runtime.ts'
import type { Identity } from '../../platform/auth/identity.ts'
import type { Operation } from '../registry/define-operation.ts'
import { callerMayRun } from '../pipeline/checks.ts'

/**
 * What one address of a door serves of the registry (an MCP URL's toolset, its read-only leg).
 * It narrows what the caller may run; it never widens it.
 */
export interface DoorScope {
  /** The resources whose operations are served; null for all. */
  resources: ReadonlySet<string> | null
  /** Only operations annotated read-only. */
  readOnly: boolean
}

/** Every operation of the registry: the manifest's and the OpenAPI document's scope. */
export const WHOLE_REGISTRY: DoorScope = { resources: null, readOnly: false }

export const inDoorScope = (scope: DoorScope, operation: Operation): boolean =>
  (scope.resources === null || scope.resources.has(operation.resource)) && (!scope.readOnly || operation.readonly)

/**
 * How a door shows a disabled module's operations: `marked`, listed as disabled (the manifest and
 * the OpenAPI document describe the API, switches included); `left-out` (a tool list offers what runs now).
 */
export type DisabledShown = 'marked' | 'left-out'

export type VisibleOperations = {
  /** In the registry's order. */
  operations: Operation[]
  /** The modules switched off now, for a door that marks their operations. */
  disabledModules: ReadonlySet<string>
}

/**
 * The one answer to "which operations may this caller see through this door": those its role's
 * capability and its credential's scopes let it run (the rule the pipeline refuses by), within
 * the door's scope, a disabled module's as the door shows them. The manifest, the OpenAPI
 * document, MCP's tools, prompts and resources and the compact door's search all list these.
 */
export async function visibleOperations (runtime: ControlPlaneRuntime, identity: Identity, scope: DoorScope, disabledShown: DisabledShown): Promise<VisibleOperations> {
  const disabledModules = await runtime.modules.disabled()
  const operations = runtime.registry.all().filter(operation =>
    inDoorScope(scope, operation) && (disabledShown === 'marked' || !disabledModules.has(operation.module)) && callerMayRun(runtime, identity, operation))
  return { operations, disabledModules }
}
