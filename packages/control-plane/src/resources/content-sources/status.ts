import type { MappingStatus, SourceStatus } from './values.ts'

/**
 * A source's status follows from its other state: paused while disabled, active with an approved
 * mapping, needs_mapping once a sample arrived (or the shape went stale), else awaiting_sample.
 */
export function sourceStatus (state: { enabled: boolean, mappingStatus: string, hasSample: boolean }): SourceStatus {
  if (!state.enabled) return 'paused'
  if ((state.mappingStatus as MappingStatus) === 'approved') return 'active'
  return state.hasSample ? 'needs_mapping' : 'awaiting_sample'
}
