import { metrics, type Meter, type MeterProvider } from '@opentelemetry/api'
import { INSTRUMENTATION_NAME, INSTRUMENTATION_VERSION } from './instrumentation-scope.ts'

/** Seconds: a call takes milliseconds, a slow one seconds (OpenTelemetry's advice for `http.server.request.duration`). */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10]

/** The control plane's instruments, named under `svc.` (`http.server.*` is the host's) with UCUM units. */
function instrumentsOf (meter: Meter) {
  return {
    calls: meter.createCounter('svc.calls', { unit: '{call}', description: 'Operation calls, by operation, door and outcome (ok, a refusal code, replayed).' }),
    callDuration: meter.createHistogram('svc.call.duration', { unit: 's', description: 'How long an operation call took, audit entry included.', advice: { explicitBucketBoundaries: DURATION_BUCKETS } }),
    refusals: meter.createCounter('svc.call.refusals', { unit: '{call}', description: 'Calls refused, by error code and operation.' }),
    rateLimited: meter.createCounter('svc.rate_limited', { unit: '{request}', description: 'Requests refused by a rate limit, by limiter scope.' }),
    outboxDepth: meter.createObservableGauge('svc.outbox.depth', { unit: '{message}', description: 'Outbox messages waiting to be delivered, by topic.' }),
    outboxAttempts: meter.createCounter('svc.outbox.attempts', { unit: '{attempt}', description: 'Outbox delivery attempts, by topic and outcome (delivered, retry, failed).' }),
    jobItems: meter.createCounter('svc.job.items', { unit: '{item}', description: 'Items the job workers got through, by job kind.' }),
    jobsEnded: meter.createCounter('svc.jobs.ended', { unit: '{job}', description: 'Jobs a worker ended, by kind and status (succeeded, failed, cancelled).' }),
    changeStreamsOpen: meter.createUpDownCounter('svc.change_streams.open', { unit: '{stream}', description: 'Change streams (MCP list-changed notifications) open now.' }),
  }
}

export type Instruments = ReturnType<typeof instrumentsOf>

/** One set per meter provider: the API has no proxy for meters, so they are made from the one registered when first used. */
const byProvider = new WeakMap<MeterProvider, Instruments>()

/** The instruments of the meter provider the host registered (the API's no-op one until it does). */
export function instruments (): Instruments {
  const provider = metrics.getMeterProvider()
  let made = byProvider.get(provider)
  if (!made) {
    made = instrumentsOf(provider.getMeter(INSTRUMENTATION_NAME, INSTRUMENTATION_VERSION))
    byProvider.set(provider, made)
  }
  return made
}
