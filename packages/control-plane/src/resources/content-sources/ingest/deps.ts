import type { Db } from '../../../db/client.ts'
import type { ResolvedOptions } from '../../../options.ts'
import type { Log } from '../../../lib/log.ts'

/** What processing a delivery needs; operations and the ingest route both have it. */
export type IngestDeps = { db: Db, options: ResolvedOptions, log?: Log }
