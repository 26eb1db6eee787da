import type { BaseKeystoneTypeInfo, KeystoneConfigPre } from '@keystone-6/core/types'
import type { ResolvedOptions } from '../platform/settings/resolved-options.ts'
import type { CapabilityMap } from '../platform/auth/capabilities.ts'
import type { ListAccess } from '../platform/auth/list-access.ts'
import type { Db } from '../platform/db/client.ts'
import type { RawTarget } from '../platform/db/raw-statements.ts'
import { nameOperation, type Operation, type OperationMap } from './registry/define-operation.ts'
import type { StatusCounter } from './registry/operation-context.ts'
import type { OutboxTopic } from './outbox-topic.ts'
import type { JobKind } from './job-kind.ts'
import type { MountedRoute, PublicRoute } from './route.ts'
import type { AnyStageDefinition } from '../platform/html/stage.ts'
import type { AdminPage } from './registry/manifest.ts'
import type { SettingsDeclaration } from '../platform/settings/define-settings.ts'
import type { ControlPlaneRuntime } from './runtime.ts'
import type { LiveRuntime } from './live-runtime.ts'
import type { RetentionRule } from '../platform/retention/rule.ts'
import type { EventDeclaration } from '../platform/events/define-event.ts'
import type { SealedColumn } from '../platform/secrets/sealed-column.ts'
import type { ProvidedHook } from './hooks/define-hook.ts'
import type { BookkeepingModel } from '../platform/db/bookkeeping-model.ts'

export type { AdminPage }

/** Keystone lists by key, as `config({ lists })` takes them. */
export type Lists = KeystoneConfigPre<BaseKeystoneTypeInfo>['lists']

/** Records a site starts with, written again by the operations that need them. */
export type Seed = {
  /** What it writes, for the log when it cannot, e.g. `the system roles`. */
  what: string
  run: (db: Db) => Promise<void>
  /**
   * Whether what it writes is there already, asked before `run` with a statement written by hand:
   * a start on a seeded database then makes no query of the Prisma client's before the host's
   * first request (each new one is compiled by Prisma's query compiler, whose memory stays with
   * the process: docs/performance.md, "A start that compiles nothing"). @default `run` always runs
   */
  present?: (target: RawTarget) => Promise<boolean>
}


/** What a CMS developer writes to add a resource; every built-in resource uses the same form. */
export type ResourceConfig<Name extends string = string, Operations extends OperationMap = OperationMap> = {
  /** The resource name its operations carry (`crm` in `crm.create`) and the key of its module. Lower snake case. */
  name: Name
  /**
   * `switchable`: `modules.disable` turns its operations and public routes off (409 `module_disabled`).
   * `locked`: part of the control plane itself, always on.
   * @default 'switchable'
   */
  module?: 'switchable' | 'locked'
  /**
   * An SVG image that stands for the resource (its markup, square `viewBox`, at most 2 KB): MCP
   * clients show it beside the resource's tools on its toolset URL (`/mcp/x/{name}`).
   * @default a monogram: the name's first letter on a colour of its own
   */
  icon?: string
  /**
   * Its Keystone lists. `readOnly(capability?)` gives the access and UI settings that let holders of
   * the capability (default `manage_options`) read a list in GraphQL and the Admin UI, and nobody write it there.
   * `options` names the host's lists a relationship may point at (`options.host.accounts.list`).
   * @default no lists
   */
  lists?: (readOnly: (capability?: string) => ListAccess, options: ResolvedOptions) => Lists
  /**
   * Its bookkeeping tables (queues, windows, logs) as Prisma models, made with `bookkeepingModel`:
   * read and written through Prisma only, with no GraphQL API or Admin UI page, and so no cost to
   * the host's own requests, which a Keystone list adds (docs/architecture.md).
   * @default []
   */
  models?: readonly BookkeepingModel[]
  /**
   * Its operations by action, made with `defineOperation` (`{ create: createCrm }` is `crm.create`).
   * @default {}
   */
  operations?: Operations
  /** Routes it serves beside dispatch (webhooks, public forms, site pages). @default [] */
  routes?: readonly PublicRoute[]
  /** Kinds of outbox message it enqueues, and how each is delivered. @default [] */
  outboxTopics?: readonly OutboxTopic[]
  /** Kinds of long work its operations start as jobs (`startJob`), and how a batch of each is done. @default [] */
  jobKinds?: readonly JobKind[]
  /** Outbound event types it emits (made with `defineEvent`, emitted with `emitEvent`), listed in the manifest's `events`. @default [] */
  events?: readonly EventDeclaration[]
  /** Records written when the server starts. @default [] */
  seeds?: readonly Seed[]
  /** What `status.get` counts for it under `counts`. @default [] */
  statusCounters?: readonly StatusCounter[]
  /** How long the rows it writes are kept, made with `datedRowsRule`; the host sets the days by name. @default [] */
  retention?: readonly RetentionRule[]
  /** Its Admin UI pages, in navigation order. @default [] */
  adminPages?: readonly AdminPage[]
  /** Capabilities its operations name, mapped onto host roles; merged under the host's `capabilities`. @default {} */
  capabilities?: CapabilityMap
  /** Pipeline stage types it adds, made with `defineStage`. @default [] */
  stages?: readonly AnyStageDefinition[]
  /** Columns of its lists that hold sealed secrets, which `rotate-encryption-key` re-seals. @default [] */
  sealedColumns?: readonly SealedColumn[]
  /**
   * Services it offers other resources, each for a hook declared with `defineHook`
   * (`provide(postProvenance, { … })`); they ask with `hooks.get(hook)`, so neither imports the
   * other's files. A hook is provided by one installed resource at most.
   * @default []
   */
  provides?: readonly ProvidedHook[]
  /**
   * Wraps lists of the host (e.g. adds hooks to its `Post` list); must return every list it was
   * given. Its hooks reach the runtime, once the server has mounted it, through `live.current`.
   * @default unchanged
   */
  extendHostLists?: (lists: Lists, options: ResolvedOptions, live: LiveRuntime) => Lists
  /**
   * The settings it owns, made with `defineSettings`: a zod schema with defaults and the
   * environment variables that set them. Parsed at startup (a bad value stops it, naming the
   * resource); handlers read them with `settings.of(options)`. Given values come from
   * `configureResource(resource, values)`.
   * @default no settings
   */
  settings?: SettingsDeclaration
  /**
   * Runs once when the server starts, before it serves: checks of what the resource needs from
   * the host (a throw stops the start, with its message), and state it keeps for the life of the server
   * (in `runtime.state`, under slots it declares with `stateSlot`).
   * @default nothing
   */
  setup?: (runtime: ControlPlaneRuntime) => void | Promise<void>
  /**
   * Parts of the host it cannot work without. `content`: the host's posts list (`host.content`);
   * on a host without one the resource is left out — no lists, operations, routes or pages — and
   * `modules.list` names it as unavailable, with the reason.
   * @default []
   */
  requires?: readonly HostRequirement[]
}

/** A part of the host a resource may need. */
type HostRequirement = 'content'

/**
 * A resource as the control plane installs it: every part present, operations named, routes
 * tagged with its module. `declared` keeps the operations' types for the clients that call them.
 */
export type Resource<Name extends string = string, Operations extends OperationMap = OperationMap> = Required<Omit<ResourceConfig<Name>, 'lists' | 'extendHostLists' | 'routes' | 'settings' | 'setup' | 'operations' | 'icon'>> & {
  /** Its SVG icon, as declared (null: its monogram stands for it). */
  icon: string | null
  operations: readonly Operation[]
  declared: Operations
  setup: NonNullable<ResourceConfig['setup']>
  lists: NonNullable<ResourceConfig['lists']>
  extendHostLists: NonNullable<ResourceConfig['extendHostLists']>
  routes: readonly MountedRoute[]
  settings: SettingsDeclaration | null
  /** The values the host gave its settings (`configureResource`), before the environment and the defaults. */
  settingsInput: object | undefined
}

const NAME = /^[a-z][a-z0-9_]*$/

/** Icons travel inline in every toolset URL's tool list, so each must stay small. */
const MAX_ICON_BYTES = 2048

export function defineResource<const Name extends string, Operations extends OperationMap = Record<never, never>> (
  config: ResourceConfig<Name, Operations>,
): Resource<Name, Operations> {
  if (!NAME.test(config.name)) throw new Error(`resource name "${config.name}" must match ${NAME}`)
  if (config.icon !== undefined && (!/^<svg[\s>]/.test(config.icon.trim()) || Buffer.byteLength(config.icon) > MAX_ICON_BYTES)) {
    throw new Error(`the ${config.name} resource's icon must be SVG markup (<svg …>) of at most ${MAX_ICON_BYTES} bytes`)
  }
  const operations = config.operations ?? ({} as Operations)
  return {
    name: config.name,
    module: config.module ?? 'switchable',
    icon: config.icon?.trim() ?? null,
    lists: config.lists ?? (() => ({})),
    models: config.models ?? [],
    // The map's keys are the actions: the resource names each operation it declares.
    operations: Object.entries(operations).map(([action, declared]) => nameOperation(config.name, action, declared)),
    declared: operations,
    routes: (config.routes ?? []).map(route => ({ ...route, module: config.name })),
    outboxTopics: config.outboxTopics ?? [],
    jobKinds: config.jobKinds ?? [],
    events: config.events ?? [],
    seeds: config.seeds ?? [],
    statusCounters: config.statusCounters ?? [],
    retention: config.retention ?? [],
    adminPages: config.adminPages ?? [],
    capabilities: config.capabilities ?? {},
    stages: config.stages ?? [],
    sealedColumns: config.sealedColumns ?? [],
    provides: config.provides ?? [],
    extendHostLists: config.extendHostLists ?? (lists => lists),
    settings: config.settings ?? null,
    settingsInput: undefined,
    setup: config.setup ?? (() => {}),
    requires: config.requires ?? [],
  }
}

/**
 * The resource with its settings given by the host, e.g. `configureResource(crm, { maxSystems: 20 })`;
 * a value given here wins over its environment variable and its default. The built-ins' factories
 * (`crm({ maxSystems: 20 })`) are this.
 */
export function configureResource<Input extends object, R extends Resource> (resource: R, values: Input): R {
  if (!resource.settings) throw new Error(`the ${resource.name} resource has no settings`)
  return { ...resource, settingsInput: values }
}
