import { getContext } from '@keystone-6/core/context'
import { createExpressServer } from '@keystone-6/core/___internal-do-not-use-will-break-in-patch/artifacts'
import * as PrismaModule from '../../generated/prisma/client.ts'
import type { createHostConfig } from '../../host/config.ts'

/**
 * Serves a host's config as `keystone start` would, without the Admin UI, on a free loopback
 * port, and prints `listening <port>` for startHostProcess (host-process.ts); SIGTERM ends it.
 */
export async function listenHost (config: ReturnType<typeof createHostConfig>): Promise<void> {
  const context = getContext(config, PrismaModule)
  // What `keystone start` does once connected: seeds the built-in post types.
  await config.db.onConnect?.(context)
  const { httpServer } = await createExpressServer(config, context)
  httpServer.listen(0, '127.0.0.1', () => {
    const address = httpServer.address()
    console.log(`listening ${typeof address === 'object' && address ? address.port : ''}`)
  })
  process.on('SIGTERM', () => httpServer.close(() => process.exit(0)))
}
