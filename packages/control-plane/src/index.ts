import type { BaseKeystoneTypeInfo, KeystoneConfigPre } from '@keystone-6/core/types'
import { installationOnConfig } from './kernel/installation-on-config.ts'
import type { ControlPlaneOptions } from './kernel/options.ts'
import { controlPlaneLists } from './kernel/lists.ts'
import { controlPlaneSchema } from './kernel/models.ts'
import { mountControlPlane } from './doors/http/mount.ts'
import { builtinResources } from './resources/index.ts'
import { watchHostClient } from './platform/db/watch-host-client.ts'
import { keyTables } from './platform/auth/key-cache.ts'
import { resolveAccounts } from './platform/host-contract/accounts.ts'
import { listTable } from './platform/host-contract/accounts-list.ts'
import { controlPlaneAdminFiles } from './doors/admin-ui/admin-files.ts'
import { assertNoPageCollisions } from './doors/admin-ui/page-collisions.ts'
import { revocableSessions } from './platform/auth/session-versions.ts'

export type { ControlPlaneOptions } from './kernel/options.ts'
export type { HostOptions } from './platform/host-contract/host-options.ts'
export type { AccountRow, AccountSelect, HostAccountsOptions } from './platform/host-contract/accounts.ts'
export type { HostContentOptions } from './platform/host-contract/content.ts'
export type { ListAccess } from './platform/auth/list-access.ts'
export { bookkeepingModel, type BookkeepingModel, type ModelFacts } from './platform/db/bookkeeping-model.ts'
export { configureResource, defineResource } from './kernel/define-resource.ts'
export { defineHook, provide, type Hook, type ProvidedHook } from './kernel/hooks/define-hook.ts'
export type { Hooks } from './kernel/hooks/hooks.ts'
export { defineSettings, type SettingsDeclaration } from './platform/settings/define-settings.ts'
export type { Env } from './platform/settings/env-values.ts'
export type { RateLimitOptions } from './platform/settings/rate-limit-setting.ts'
export type { HttpOptions, MailOptions, SecurityOptions } from './platform/settings/core-groups.ts'
// The built-in resources' factories, for `builtins: [crm({ maxSystems: 20 })]`.
export { crm } from './resources/crm/index.ts'
export { leads } from './resources/leads/index.ts'
export { ai } from './resources/ai/index.ts'
export { contentSources } from './resources/content-sources/index.ts'
export { pipelines } from './resources/pipelines/index.ts'
export type { AuthorResolver } from './resources/content-sources/resource-settings.ts'
export type { AdminPage, Lists, Resource, ResourceConfig, Seed } from './kernel/define-resource.ts'
export { defineOperation } from './kernel/registry/define-operation.ts'
export { addedIn } from './kernel/registry/since.ts'
export { deprecatedField, type Deprecation } from './kernel/registry/deprecation.ts'
export type { Operation, OperationConfig, OperationDeclaration, OperationMap, OperationResult, ParamsOf, ResultOf } from './kernel/registry/define-operation.ts'
export type { McpContentBlock, McpOptions, McpPromptMessage, McpPromptOptions, McpResourceContents, McpResourceOptions } from './kernel/registry/mcp-options.ts'
export type { ApiOf, CallShape, ResourceApi } from './kernel/registry/api.ts'
export type { OperationExample, ExampleStep } from './kernel/registry/operation-example.ts'
export type { OperationContext, StatusCounter } from './kernel/registry/operation-context.ts'
export type { Handler, PublicRoute, RouteDoor } from './kernel/route.ts'
export { sendSuccess } from './platform/http/envelope.ts'
export type { DeliveryDeps, OutboxDeps, OutboxTopic } from './kernel/outbox-topic.ts'
export { enqueueOutbox, type OutboxMessage } from './platform/outbox/enqueue.ts'
export type { JobKind } from './kernel/job-kind.ts'
export type { BatchOutcome, JobInput } from './platform/jobs/job-step.ts'
export { startJob, type JobRequest, type StartedJob } from './platform/jobs/start-job.ts'
export { defineEvent, type EventDeclaration } from './platform/events/define-event.ts'
export { defineChangedEvent } from './platform/events/changed-event.ts'
export { emitEvent, eventMetaOf, withEvent, type EventActor, type EventMeta } from './platform/events/emit.ts'
export { DeliveryError, getJson, postJson } from './platform/outgoing-http/http-client.ts'
export type { Db, Tx } from './platform/db/client.ts'
export { queryRows, type RawTarget } from './platform/db/raw-statements.ts'
export {
  SvcError, ERROR_STATUS, type ErrorCode, badRequest, conflict, forbidden, invalidParams, notFound, rateLimited,
} from './platform/errors/errors.ts'
export { readVariable } from './resources/variables/read-variable.ts'
export { defineStage } from './platform/html/stage.ts'
export type { StageDefinition, PipelineDocument, PostFacts, StageResult, StageContext } from './platform/html/stage.ts'
export { assertAllowedDestination } from './platform/outgoing-http/outbound-guard.ts'

/**
 * Adds the management control plane to a Keystone config (the object passed to `config()`): the
 * lists of its resources (the built-ins and the host's `extensions`), their additions to the host's
 * lists, and the `svc/v1` HTTP namespace mounted on Keystone's own express app. Pure: returns a new
 * config, mutates nothing.
 */
export function withControlPlane<Config extends KeystoneConfigPre<BaseKeystoneTypeInfo>> (keystoneConfig: Config, options: ControlPlaneOptions = {}): Config {
  assertNoPageCollisions(keystoneConfig.lists)
  // Keys are cached only while the host's driver adapter reports this process's writes to them (auth/key-cache.ts);
  // audit rows go to that adapter directly once it is connected (audit/insert-rows.ts).
  const watched = watchHostClient(keystoneConfig.db.prismaClientOptions, keyTables(listTable(keystoneConfig.lists, resolveAccounts(options.host?.accounts).list)))
  const plane = installationOnConfig(builtinResources, keystoneConfig, options, { credentialWrites: watched.writes, hostAdapter: watched.adapter })
  const lists = controlPlaneLists(plane)
  const hostExtend = keystoneConfig.server?.extendExpressApp
  const hostAdminFiles = keystoneConfig.ui?.getAdditionalFiles
  return {
    ...keystoneConfig,
    db: { ...keystoneConfig.db, prismaClientOptions: watched.prismaClientOptions, extendPrismaSchema: controlPlaneSchema(plane, Object.keys(lists), keystoneConfig.db.extendPrismaSchema) },
    ...keystoneConfig.session ? { session: revocableSessions(keystoneConfig.session) } : {},
    lists: { ...plane.extendHostLists(keystoneConfig.lists), ...lists },
    ui: {
      ...keystoneConfig.ui,
      getAdditionalFiles: async () => {
        const hostFiles = await hostAdminFiles?.() ?? []
        return [...hostFiles, ...controlPlaneAdminFiles(plane.adminPages, plane.options.basePath, hostFiles)]
      },
    },
    server: {
      ...keystoneConfig.server,
      extendExpressApp: async (app, context) => {
        await hostExtend?.(app, context)
        await mountControlPlane(app, context, plane)
      },
    },
  }
}

// Helpers a host's own code uses beside the plugin (the demo host's sign-in limits and lists use them).
export { isUniqueViolation, isRecordNotFound } from './platform/db/client.ts'
export { consumeFixedWindow, fixedWindowHits, resetFixedWindow, digestSubject, type WindowLimit } from './platform/db/fixed-window.ts'
export { clientAddressResolver, parseTrustProxy, type ClientAddressOf, type TrustProxy } from './platform/http/client-address.ts'
export { readOrCreateDevSecret } from './platform/secrets/dev-secret.ts'
export { compoundUnique } from './platform/db/compound-unique.ts'
export { slugify } from './platform/lib/slugify.ts'
