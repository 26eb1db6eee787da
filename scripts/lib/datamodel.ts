import { createHostConfig } from '../../host/config.ts'
import type { DatabaseProvider } from '../../packages/control-plane/src/platform/db/database-url.ts'
import { keystoneDatamodel as printDatamodel } from '../../packages/control-plane/src/doors/cli/generate.ts'

/** Any URL of the provider will do: printing the schema connects to nothing. */
const PLACEHOLDER_URL: Record<DatabaseProvider, string> = {
  sqlite: 'file:./var/placeholder.db',
  postgresql: 'postgresql://placeholder@127.0.0.1:1/placeholder',
}

/**
 * The Prisma schema Keystone prints for this host on a provider, from its sources (no build
 * needed), with placeholder secrets so nothing is generated under var/.
 */
export async function keystoneDatamodel (provider: DatabaseProvider): Promise<string> {
  const config = createHostConfig({ databaseUrl: PLACEHOLDER_URL[provider], sessionSecret: 'x'.repeat(32), controlPlane: { env: {}, security: { encryptionKey: '0'.repeat(64) } } })
  return printDatamodel(config, provider)
}
