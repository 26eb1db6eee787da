import { existsSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import path from 'node:path'
import type { Piscina } from 'piscina'
import { packageManifestFile } from '../../../platform/lib/installed-package.ts'
import { defaultLog, type Log } from '../../../platform/lib/log.ts'
import { mapDelivery, type MappedPayload } from './map-delivery.ts'
import type { MapDeliveryOutcome, MapDeliveryTask } from './map-delivery.worker.ts'

/** The built worker, loaded by the thread as an ES module whether the host runs the package from its bundle, its build or (in tests) its source. */
const WORKER_FILE = 'dist/src/resources/content-sources/ingest/map-delivery.worker.js'
/** An idle thread is ended after this long; a site that receives nothing keeps no thread. */
const IDLE_MS = 30_000

/** Where the package's build is (see `packageManifestFile`). */
function builtWorkerFile (): string | null {
  try {
    const file = path.join(path.dirname(packageManifestFile()), WORKER_FILE)
    return existsSync(file) ? file : null
  } catch {
    return null
  }
}

export type DeliveryMapper = {
  /**
   * Maps a delivery on a worker thread, so parsing and sanitising up to a megabyte never holds the
   * event loop that answers every other request; on the main thread where no thread can be started.
   * Null when the delivery is not mapped ahead of its transaction: held, or failing (the
   * transaction meets the failure again and reports it), or the thread itself failed (logged).
   */
  map: (task: MapDeliveryTask) => Promise<MappedPayload | null>
  /** Ends the threads; a later `map` starts them again. */
  close: () => Promise<void>
}

/**
 * `workerFile`: the built worker thread's module, or null where there is none. Deliveries are then
 * mapped on the main thread, as they are from the moment the threads fail on their own (a worker
 * that cannot load): the log says so once. No thread starts before the first delivery.
 */
export function deliveryMapper (workerFile: () => string | null, log: Log = defaultLog): DeliveryMapper {
  let threads: Piscina<MapDeliveryTask, MapDeliveryOutcome> | null | undefined
  const onMainThread = (why: string, error?: unknown) => {
    log(`content deliveries are mapped on the main thread: ${why}`, error)
    threads = null
  }
  // piscina loads with the first delivery, not with the site.
  const pool = async (): Promise<Piscina<MapDeliveryTask, MapDeliveryOutcome> | null> => {
    if (threads !== undefined) return threads
    const filename = workerFile()
    if (filename === null) {
      onMainThread(`${WORKER_FILE} was not found (is the package built?)`)
      return null
    }
    // One core is left to the event loop; a second thread only where there are cores to spare.
    const maxThreads = Math.max(1, Math.min(2, availableParallelism() - 1))
    const { Piscina: Pool } = await import('piscina')
    // Two deliveries may have waited for the import: the first to get here starts the pool.
    if (threads !== undefined) return threads
    const started = new Pool<MapDeliveryTask, MapDeliveryOutcome>({ filename, minThreads: 0, maxThreads, idleTimeout: IDLE_MS })
    // Piscina reports a worker that fails outside a task (one that cannot even load) as the pool's
    // 'error', and leaves the tasks waiting for it queued: without this, the process would crash,
    // or every delivery wait forever. Destroying the pool rejects what waits.
    started.on('error', (error: unknown) => {
      if (threads !== started) return
      onMainThread('the mapping thread failed', error)
      void started.destroy()
    })
    threads = started
    return threads
  }
  return {
    async map (task) {
      const running = await pool()
      if (running === null) return mapDelivery(task.source, task.deliveryBody)
      try {
        const outcome = await running.run(task)
        return 'mapped' in outcome ? outcome.mapped : null
      } catch (error) {
        if (threads === null) return mapDelivery(task.source, task.deliveryBody)
        log('a content mapping thread failed; the delivery is mapped in its transaction instead', error)
        return null
      }
    },
    async close () {
      const running = threads
      threads = undefined
      await running?.destroy()
    },
  }
}

const shared = deliveryMapper(builtWorkerFile)

/** The process's mapper, on the package's built worker. */
export const mapDeliveryOffThread = shared.map
