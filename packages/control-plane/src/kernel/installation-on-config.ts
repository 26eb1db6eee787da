import type { BaseKeystoneTypeInfo, KeystoneConfigPre } from '@keystone-6/core/types'
import { resolveControlPlane, type Installation } from './control-plane.ts'
import type { ControlPlaneOptions, HostFacts } from './options.ts'
import type { Resource } from './define-resource.ts'
import type { DatabaseProvider } from '../platform/db/database-url.ts'
import { inspectAccountsList } from '../platform/host-contract/accounts-list.ts'

/** What the plugin sees of the host's database client when it wraps the config (the CLI runs without). */
export type HostClientWatch = Pick<HostFacts, 'credentialWrites' | 'hostAdapter'>

/**
 * The control plane installed on a host's Keystone config: the options resolved against what the
 * config holds (its accounts list, database provider, lists and id field). `withControlPlane`
 * wraps the config with it; the command line resolves it again from the config and the options
 * the host's `keystone.ts` exports, so both run with the same installation.
 */
export function installationOnConfig (
  builtins: readonly Resource[],
  keystoneConfig: Pick<KeystoneConfigPre<BaseKeystoneTypeInfo>, 'db' | 'lists'>,
  options: ControlPlaneOptions = {},
  watched: HostClientWatch = {},
): Installation {
  // A host of another shape learns here, not from its first request, what host.accounts must name.
  const accountsList = inspectAccountsList(keystoneConfig, options.host?.accounts)
  return resolveControlPlane(builtins, options, {
    databaseProvider: keystoneConfig.db.provider as DatabaseProvider,
    ...watched,
    accountsList,
  }, { lists: keystoneConfig.lists as never, idField: keystoneConfig.db.idField })
}
