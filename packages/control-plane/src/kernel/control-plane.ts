import type { Operation } from './registry/define-operation.ts'
import type { StatusCounter } from './registry/operation-context.ts'
import type { AdminPage } from './registry/manifest.ts'
import type { ModuleDeclaration, UnavailableModule } from './modules/module-catalogue.ts'
import type { OutboxTopic } from './outbox-topic.ts'
import type { JobKind } from './job-kind.ts'
import type { EventDeclaration } from '../platform/events/define-event.ts'
import type { MountedRoute } from './route.ts'
import type { Lists, Resource, Seed } from './define-resource.ts'
import { LiveRuntime } from './live-runtime.ts'
import { hooksOf, type Hooks } from './hooks/hooks.ts'
import { resolveOptions, type ControlPlaneOptions, type HostFacts } from './options.ts'
import type { ResolvedOptions } from '../platform/settings/resolved-options.ts'
import { configuredIdType, contentUnavailableReason, type HostSchema } from '../platform/host-contract/content.ts'
import { checkBodyKind, checkPostsModel } from '../platform/host-contract/check-posts-model.ts'
import { hostDataModel, type GraphQLSchemaLike } from '../platform/host-contract/graphql-data-model.ts'
import { checkAccounts } from '../platform/host-contract/check-accounts.ts'

/**
 * One installation: the resolved options and every installed resource, with what they contribute
 * gathered into the tables the runtime and the host's config are built from.
 */
export type Installation = {
  options: ResolvedOptions
  resources: readonly Resource[]
  /** The resources' operations, then the host's one-off ones. */
  operations: readonly Operation[]
  modules: readonly ModuleDeclaration[]
  outboxTopics: readonly OutboxTopic[]
  jobKinds: readonly JobKind[]
  events: readonly EventDeclaration[]
  statusCounters: readonly StatusCounter[]
  adminPages: readonly AdminPage[]
  routes: readonly MountedRoute[]
  seeds: readonly Seed[]
  /** The services the resources provide each other (`provides`). */
  hooks: Hooks
  /** The host's lists with every resource's additions (hooks on its `Post` list, for one). */
  extendHostLists: (lists: Lists) => Lists
  /** The runtime once the server has mounted it, for the hooks `extendHostLists` added. */
  live: LiveRuntime
  /** Resources left out because the host lacks what they require, with the reason. */
  unavailable: readonly UnavailableModule[]
  /**
   * Checks what the host's lists store (read from Keystone's GraphQL schema) against what the
   * options name, before the server serves: throws an Error naming the list, field and option.
   * Answers the options the runtime runs with — the posts list as the model has it, parts the
   * defaults took by name and that do not fit left out — and the warnings to log about those.
   * `options` itself is left as resolved.
   */
  checkHost: (graphqlSchema: GraphQLSchemaLike | undefined) => { options: ResolvedOptions, warnings: string[] }
}

function assertUnique (what: string, names: readonly string[]): void {
  const seen = new Set<string>()
  for (const name of names) {
    if (seen.has(name)) throw new Error(`${what} ${name} is declared twice`)
    seen.add(name)
  }
}

/** Each resource whose requirement the host cannot meet, with the reason. */
function unavailableResources (resources: readonly Resource[], contentReason: string | null): UnavailableModule[] {
  if (contentReason === null) return []
  return resources.filter(resource => resource.requires.includes('content')).map(resource => ({ key: resource.name, reason: contentReason }))
}

/**
 * Resolves the options over the built-in resources and the host's; every table the control plane
 * keeps is derived here. With the host's schema (its lists and default id field, as its Keystone
 * config has them), the posts list and its field map are checked against it, and resources that
 * require content are left out when the host has no posts list.
 */
export function resolveControlPlane (
  builtins: readonly Resource[],
  options: ControlPlaneOptions = {},
  host: HostFacts = { databaseProvider: 'sqlite' },
  schema?: HostSchema,
): Installation {
  const { extensions = [], operations = [], builtins: configured = [] } = options
  for (const resource of configured) {
    if (!builtins.some(builtin => builtin.name === resource.name)) throw new Error(`builtins: ${resource.name} is not a built-in resource (add your own with extensions)`)
  }
  // Two settings for one built-in would leave one silently unused.
  assertUnique('builtins: resource', configured.map(resource => resource.name))
  const declared = [...builtins.map(builtin => configured.find(resource => resource.name === builtin.name) ?? builtin), ...extensions]
  assertUnique('resource', declared.map(resource => resource.name))
  const unavailable = unavailableResources(declared, contentUnavailableReason(options.host?.content, schema))
  const resources = declared.filter(resource => !unavailable.some(module => module.key === resource.name))
  const resolved = resolveOptions(options, { ...host, schema }, resources)
  const outboxTopics = resources.flatMap(resource => resource.outboxTopics)
  assertUnique('outbox topic', outboxTopics.map(topic => topic.topic))
  const jobKinds = resources.flatMap(resource => resource.jobKinds)
  assertUnique('job kind', jobKinds.map(kind => kind.kind))
  const events = resources.flatMap(resource => resource.events)
  assertUnique('event type', events.map(event => event.type))
  const live = new LiveRuntime()
  return {
    options: resolved,
    resources,
    operations: [...resources.flatMap(resource => resource.operations), ...operations],
    modules: resources.map(resource => ({ key: resource.name, locked: resource.module === 'locked' })),
    outboxTopics,
    jobKinds,
    events,
    statusCounters: resources.flatMap(resource => resource.statusCounters),
    adminPages: resources.flatMap(resource => resource.adminPages),
    routes: resources.flatMap(resource => resource.routes),
    seeds: resources.flatMap(resource => resource.seeds),
    hooks: hooksOf(resources),
    extendHostLists: lists => resources.reduce((current, resource) => resource.extendHostLists(current, resolved, live), lists),
    live,
    unavailable,
    checkHost: graphqlSchema => {
      const { accounts, warnings: accountWarnings } = checkAccounts(resolved.host.accounts, graphqlSchema, schema)
      const withAccounts = { ...resolved, host: { ...resolved.host, accounts } }
      const given = resolved.host.content
      if (!given) return { options: withAccounts, warnings: accountWarnings }
      // Without the host's config, the posts list's ids are taken as the options say.
      const idTypeOf = (list: string) => schema ? configuredIdType(schema, list) : list === given.list ? given.idType : 'string'
      const dataModel = graphqlSchema && hostDataModel(graphqlSchema, idTypeOf)
      const { content, warnings } = checkPostsModel(given, dataModel, { accountsList: resolved.host.accounts.list, databaseProvider: resolved.databaseProvider })
      checkBodyKind(content, graphqlSchema)
      return { options: { ...withAccounts, host: { ...withAccounts.host, content } }, warnings: [...accountWarnings, ...warnings] }
    },
  }
}
