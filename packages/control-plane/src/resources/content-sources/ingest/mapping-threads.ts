import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { availableParallelism } from 'node:os'
import path from 'node:path'
import { Piscina } from 'piscina'
import { defaultLog } from '../../../lib/log.ts'
import { mapDelivery, type MappedPayload } from './map-delivery.ts'
import type { MapDeliveryOutcome, MapDeliveryTask } from './map-delivery.worker.ts'

/** The built worker, loaded by the thread as an ES module whether the host runs the package from its bundle, its build or (in tests) its source. */
const WORKER_FILE = 'dist/src/resources/content-sources/ingest/map-delivery.worker.js'
/** An idle thread is ended after this long; a site that receives nothing keeps no thread. */
const IDLE_MS = 30_000

let threads: Piscina<MapDeliveryTask, MapDeliveryOutcome> | null | undefined

/**
 * Where the package's build is, resolved from the project root like the migrations: Keystone
 * bundles this module into CommonJS, where `import.meta.url` does not exist.
 */
function workerFile (): string | null {
  try {
    const manifest = createRequire(path.resolve('package.json')).resolve('keystone-svc-control-plane/package.json')
    const file = path.join(path.dirname(manifest), WORKER_FILE)
    return existsSync(file) ? file : null
  } catch {
    return null
  }
}

function mappingThreads (): Piscina<MapDeliveryTask, MapDeliveryOutcome> | null {
  if (threads !== undefined) return threads
  const filename = workerFile()
  if (filename === null) {
    defaultLog(`content deliveries are mapped on the main thread: ${WORKER_FILE} was not found (is the package built?)`)
    threads = null
    return threads
  }
  // One core is left to the event loop; a second thread only where there are cores to spare.
  const maxThreads = Math.max(1, Math.min(2, availableParallelism() - 1))
  threads = new Piscina<MapDeliveryTask, MapDeliveryOutcome>({ filename, minThreads: 0, maxThreads, idleTimeout: IDLE_MS })
  return threads
}

/**
 * Maps a delivery on a worker thread, so parsing and sanitising up to a megabyte never holds the
 * event loop that answers every other request; on the main thread where no thread can be started.
 * Null when the delivery is not mapped ahead of its transaction: held, or failing (the
 * transaction meets the failure again and reports it), or the thread itself failed (logged).
 */
export async function mapDeliveryOffThread (task: MapDeliveryTask): Promise<MappedPayload | null> {
  const pool = mappingThreads()
  if (pool === null) return mapDelivery(task.source, task.deliveryBody)
  try {
    const outcome = await pool.run(task)
    return 'mapped' in outcome ? outcome.mapped : null
  } catch (error) {
    defaultLog('a content mapping thread failed; the delivery is mapped in its transaction instead', error)
    return null
  }
}
