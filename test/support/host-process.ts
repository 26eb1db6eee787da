import { startSiteProcess, type SiteProcess } from './site-process.ts'

export type HostProcess = SiteProcess

/**
 * The host in a Node process of its own (`entry`, test/support/host-process-main.ts unless another
 * host's, which listens with listenHost the same way), configured only by `env` as `npm start`
 * would be, without the Admin UI or a build: for several instances on one database
 * (`DATABASE_URL`) and for measuring one process's memory. Resolves once it listens.
 */
export function startHostProcess (env: NodeJS.ProcessEnv, entry = 'test/support/host-process-main.ts'): Promise<HostProcess> {
  return startSiteProcess({
    what: 'the host process',
    args: ['--import', 'tsx', entry],
    // The suite's other systems are loopback peers.
    env: { ...process.env, NODE_OPTIONS: '', SVC_OUTBOUND_ALLOW: '127.0.0.1', ...env },
    timeoutMs: 60_000,
  })
}
