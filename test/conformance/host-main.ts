/**
 * The host the conformance run starts (`startHostProcess` with this entry): the demo host
 * configured from its environment, as test/support/host-process-main.ts starts it, plus the
 * suite's fixture tools as a resource of its own (diagnostic-resource.ts). Says `Server listening on
 * …` when ready.
 */
import { controlPlaneOptionsFromEnvironment, createHostConfig } from '../../host/config.ts'
import { listenHost } from '../support/listen-host.ts'
import { conformanceDiagnostics } from './diagnostic-resource.ts'

await listenHost(createHostConfig({ controlPlane: { ...controlPlaneOptionsFromEnvironment(), extensions: [conformanceDiagnostics] } }))
