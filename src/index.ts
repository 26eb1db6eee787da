import type { BaseKeystoneTypeInfo, KeystoneConfigPre } from '@keystone-6/core/types'
import type { SqlDriverAdapterFactory } from '@prisma/driver-adapter-utils'
import { resolveOptions, type ControlPlaneOptions } from './options.ts'
import { controlPlaneLists } from './lists.ts'
import { mountControlPlane } from './http/mount.ts'
import type { DatabaseProvider } from './db/database-url.ts'
import { withPublishTrigger } from './resources/pipelines/triggers/publish-hook.ts'
import { TableWrites } from './db/write-observer.ts'
import { AdapterHandle } from './db/adapter-handle.ts'
import { KEY_TABLES } from './auth/key-cache.ts'

export type { ControlPlaneOptions, ControlPlaneExtension } from './options.ts'
export type { ListAccess } from './lists.ts'
export { defineOperation } from './registry/define-operation.ts'
export type { Operation, OperationConfig, OperationResult } from './registry/define-operation.ts'
export type { OperationExample, ExampleStep } from './registry/operation-example.ts'
export type { OperationContext } from './registry/operation-context.ts'
export { SvcError, ERROR_STATUS, type ErrorCode, badRequest, conflict, forbidden, invalidParams, notFound, rateLimited } from './errors.ts'
export { readVariable } from './resources/variables/read-variable.ts'
export { DeliveryError, getJson, postJson } from './lib/http-client.ts'
export { assertAllowedDestination } from './lib/outbound/outbound-guard.ts'
export { defineStage } from './resources/pipelines/stages/stage.ts'
export type { StageDefinition, PipelineDocument, PostFacts, StageResult, StageContext } from './resources/pipelines/stages/stage.ts'


/**
 * Adds the management control plane to a Keystone config (the object passed to `config()`): its
 * lists, the pipelines' `publish` trigger on the host's `Post` list, and the `svc/v1` HTTP
 * namespace mounted on Keystone's own express app. Pure: returns a new config, mutates nothing.
 */
export function withControlPlane<Config extends KeystoneConfigPre<BaseKeystoneTypeInfo>> (keystoneConfig: Config, options: ControlPlaneOptions = {}): Config {
  // Keys are cached only once the host's Prisma adapter reports this process's writes (auth/key-cache.ts);
  // audit rows go to that adapter directly once it is connected (resources/audit/insert-rows.ts).
  const credentialWrites = new TableWrites(KEY_TABLES)
  const hostAdapter = new AdapterHandle()
  const hostClientOptions = keystoneConfig.db.prismaClientOptions
  const prismaClientOptions: typeof hostClientOptions = () => {
    const clientOptions = hostClientOptions()
    const adapter = (clientOptions as { adapter?: SqlDriverAdapterFactory }).adapter
    return adapter ? { ...clientOptions, adapter: hostAdapter.capture(credentialWrites.observe(adapter)) } : clientOptions
  }
  const resolved = resolveOptions(options, { databaseProvider: keystoneConfig.db.provider as DatabaseProvider, credentialWrites, hostAdapter })
  const hostExtend = keystoneConfig.server?.extendExpressApp
  return {
    ...keystoneConfig,
    db: { ...keystoneConfig.db, prismaClientOptions },
    lists: { ...withPublishTrigger(keystoneConfig.lists, resolved), ...controlPlaneLists(resolved) },
    server: {
      ...keystoneConfig.server,
      extendExpressApp: async (app, context) => {
        await hostExtend?.(app, context as never)
        await mountControlPlane(app, context as never, resolved)
      },
    },
  }
}
