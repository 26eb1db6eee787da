import type { ControlPlaneRuntime } from '../../../kernel/runtime.ts'

/** What processing a delivery needs of the runtime; operations (which have no logger of their own) and the ingest route both have it. */
export type IngestDeps = Pick<ControlPlaneRuntime, 'db' | 'options' | 'modules' | 'state'> & Partial<Pick<ControlPlaneRuntime, 'log'>>
