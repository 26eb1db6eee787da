/**
 * The entry point of startHostProcess (host-process.ts): the host configured from its environment,
 * as `npm start` would, without the Admin UI. Prints `listening <port>` when ready.
 */
import { getContext } from '@keystone-6/core/context'
import { createExpressServer } from '@keystone-6/core/___internal-do-not-use-will-break-in-patch/artifacts'
import * as PrismaModule from '../../generated/prisma/client.ts'
import { createHostConfig } from '../../host/config.ts'

const config = createHostConfig()
const context = getContext(config, PrismaModule)
// What `keystone start` does once connected: seeds the built-in post types.
await config.db.onConnect?.(context)
const { httpServer } = await createExpressServer(config, context)
httpServer.listen(0, '127.0.0.1', () => {
  const address = httpServer.address()
  console.log(`listening ${typeof address === 'object' && address ? address.port : ''}`)
})
process.on('SIGTERM', () => httpServer.close(() => process.exit(0)))
