/**
 * The host the conformance run starts (conformance-host.ts): the demo host configured from its
 * environment, as test/support/host-process-main.ts starts it, plus the suite's fixture tools as a
 * resource of its own (diagnostic-resource.ts). Prints `listening <port>` when ready.
 */
import { getContext } from '@keystone-6/core/context'
import { createExpressServer } from '@keystone-6/core/___internal-do-not-use-will-break-in-patch/artifacts'
import * as PrismaModule from '../../generated/prisma/client.ts'
import { controlPlaneOptionsFromEnvironment, createHostConfig } from '../../host/config.ts'
import { conformanceDiagnostics } from './diagnostic-resource.ts'

const config = createHostConfig({ controlPlane: { ...controlPlaneOptionsFromEnvironment(), extensions: [conformanceDiagnostics] } })
const context = getContext(config, PrismaModule)
await config.db.onConnect?.(context)
const { httpServer } = await createExpressServer(config, context)
httpServer.listen(0, '127.0.0.1', () => {
  const address = httpServer.address()
  console.log(`listening ${typeof address === 'object' && address ? address.port : ''}`)
})
process.on('SIGTERM', () => httpServer.close(() => process.exit(0)))
