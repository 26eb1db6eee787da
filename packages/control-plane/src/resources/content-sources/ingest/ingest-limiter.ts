import type { ControlPlaneRuntime } from '../../../kernel/runtime.ts'
import { createSubjectLimiter, type SubjectLimiter } from '../../../platform/auth/rate-limit.ts'
import { contentSourcesSettings } from '../resource-settings.ts'

const limiters = new WeakMap<ControlPlaneRuntime, SubjectLimiter>()

/** Made once per server by the resource's setup: deliveries per content source at the ingest endpoint. */
export function setUpIngestLimiter (runtime: ControlPlaneRuntime): void {
  const { ingestRateLimit } = contentSourcesSettings.of(runtime.options)
  limiters.set(runtime, createSubjectLimiter('ingest', ingestRateLimit, runtime.db, runtime.options.now))
}

export function ingestLimiterOf (runtime: ControlPlaneRuntime): SubjectLimiter {
  const limiter = limiters.get(runtime)
  if (!limiter) throw new Error('the content sources resource was not set up on this runtime')
  return limiter
}
