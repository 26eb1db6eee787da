import type { PostIngestedDeps } from '../../../kernel/hooks/post-ingested.ts'

/**
 * What processing a delivery needs of the runtime: what runs after a written post needs too
 * (`postIngested`). Operations (which have no logger of their own) and the ingest route both have it.
 */
export type IngestDeps = PostIngestedDeps
