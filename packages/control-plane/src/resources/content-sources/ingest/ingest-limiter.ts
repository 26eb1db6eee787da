import type { ControlPlaneRuntime } from '../../../kernel/runtime.ts'
import { createSubjectLimiter, type SubjectLimiter } from '../../../platform/auth/rate-limit.ts'
import { stateSlot } from '../../../platform/lib/runtime-state.ts'
import { contentSourcesSettings } from '../resource-settings.ts'

/** Deliveries per content source at the ingest endpoint (`runtime.state.get(ingestLimiter)`). */
export const ingestLimiter = stateSlot<SubjectLimiter>('the content sources ingest limiter')

/** Made once per server by the resource's setup. */
export function setUpIngestLimiter (runtime: ControlPlaneRuntime): void {
  const { ingestRateLimit } = contentSourcesSettings.of(runtime.options)
  runtime.state.set(ingestLimiter, createSubjectLimiter('ingest', ingestRateLimit, runtime.db, runtime.options.now))
}
