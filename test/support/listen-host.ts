import { getContext } from '@keystone-6/core/context'
import { createExpressServer } from '@keystone-6/core/___internal-do-not-use-will-break-in-patch/artifacts'
import * as PrismaModule from '../../generated/prisma/client.ts'
import type { createHostConfig } from '../../host/config.ts'

/**
 * Serves a host's config as `keystone start` would, without the Admin UI, on loopback at `PORT`,
 * and says so as Keystone's `start` does (`Server listening on …`), which startHostProcess
 * (host-process.ts) waits for; SIGINT or SIGTERM ends it once the server has closed.
 */
export async function listenHost (config: ReturnType<typeof createHostConfig>): Promise<void> {
  const context = getContext(config, PrismaModule)
  // What `keystone start` does once connected: seeds the built-in post types.
  await config.db.onConnect?.(context)
  const { httpServer } = await createExpressServer(config, context)
  const port = Number(process.env.PORT ?? 0)
  httpServer.listen(port, '127.0.0.1', () => {
    const address = httpServer.address()
    console.log(`Server listening on http://127.0.0.1:${typeof address === 'object' && address ? address.port : port}`)
  })
  const close = () => httpServer.close(() => process.exit(0))
  process.on('SIGTERM', close)
  process.on('SIGINT', close)
}
