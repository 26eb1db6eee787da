/**
 * The entry point of startHostProcess (host-process.ts): the host configured from its environment,
 * as `npm start` would, without the Admin UI, on `PORT`; says `Server listening on …` when ready.
 */
import { createHostConfig } from '../../host/config.ts'
import { listenHost } from './listen-host.ts'

await listenHost(createHostConfig())
