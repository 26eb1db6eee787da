import { createSystem, buildArtifacts } from '@keystone-6/core/___internal-do-not-use-will-break-in-patch/artifacts'
import { createHostConfig } from '../../host/config.ts'
import type { DatabaseProvider } from '../../packages/control-plane/src/db/database-url.ts'

/** Any URL of the provider will do: printing the schema connects to nothing. */
const PLACEHOLDER_URL: Record<DatabaseProvider, string> = {
  sqlite: 'file:./var/placeholder.db',
  postgresql: 'postgresql://placeholder@127.0.0.1:1/placeholder',
}

/**
 * The Prisma schema Keystone prints for a provider. Providers differ beyond the datasource
 * (PostgreSQL gets JSON column defaults SQLite cannot have), so each is printed on its own.
 */
export async function keystoneDatamodel (provider: DatabaseProvider): Promise<string> {
  // Keystone formats the schema with the Prisma CLI, which only checks that this file exists.
  process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= process.execPath
  const config = createHostConfig({ databaseUrl: PLACEHOLDER_URL[provider], sessionSecret: 'x'.repeat(32), controlPlane: { env: {}, security: { encryptionKey: '0'.repeat(64) } } })
  const { prisma } = await buildArtifacts(process.cwd(), createSystem(config as never))
  return prisma
}
