/**
 * The host as a process of its own, for benchmarks that measure the server apart from the client
 * (bench/growth.ts): started with `fork()`, it reads the database target from SVC_BENCH_DATABASE
 * (JSON), starts the host with the pruner and the outbox off, creates an administrator with an API
 * key and sends `{ baseUrl, key }` to its parent; it stops on the message "stop" or when the parent goes.
 */
import type { DatabaseTarget } from '../../packages/control-plane/src/platform/db/database-url.ts'
import { createAdministrator, startHost } from './host.ts'

export type HostProcessReady = { baseUrl: string, key: string }

const database = JSON.parse(process.env.SVC_BENCH_DATABASE ?? 'null') as DatabaseTarget | null
if (!database || !process.send) throw new Error('bench/support/host-process.ts is started with fork() and SVC_BENCH_DATABASE')

const host = await startHost(database, {
  controlPlane: {
    outbox: false,
    // Pruning while the tiers are measured would change what is measured.
    retention: { intervalMinutes: 0 },
  },
})
const admin = await createAdministrator(host.db)
let stopping = false
const stop = async () => {
  if (stopping) return
  stopping = true
  await host.stop().catch(error => console.error('[bench host] stop failed:', error))
  process.exit()
}
process.on('message', message => { if (message === 'stop') void stop() })
process.on('disconnect', () => void stop())
process.send({ baseUrl: host.baseUrl, key: admin.key } satisfies HostProcessReady)
