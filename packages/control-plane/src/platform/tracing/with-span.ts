import { context, ROOT_CONTEXT, SpanStatusCode, type Span, type SpanOptions } from '@opentelemetry/api'
import { tracer } from './instrumentation-scope.ts'

/** Records a thrown error on the span as Keystone's `withSpan` does: the exception, and the status ERROR. */
export function recordError (span: Span, error: unknown): void {
  span.recordException(error instanceof Error ? error : { message: String(error) })
  span.setStatus({ code: SpanStatusCode.ERROR })
}

export type WithSpanOptions<T> = SpanOptions & {
  /** What makes a result that did not throw a failure (a retry, a refusal): its status message, or undefined for OK. */
  failureOf?: (result: T) => string | undefined
}

/**
 * Runs `fn` in an active span of the control plane's tracer (Keystone's `packages/core/src/lib/otel.ts`
 * pattern): OK when it resolves, the exception and ERROR when it throws, ended either way. A span
 * with `root: true` starts a trace of its own (the outbox, the job worker: work the call that caused
 * it only links to).
 */
export function withSpan<T> (name: string, fn: (span: Span) => Promise<T> | T, options: WithSpanOptions<T> = {}): Promise<T> {
  const { failureOf, ...spanOptions } = options
  const parent = options.root ? ROOT_CONTEXT : context.active()
  return tracer.startActiveSpan(name, spanOptions, parent, async span => {
    try {
      const result = await fn(span)
      const failure = failureOf?.(result)
      span.setStatus(failure === undefined ? { code: SpanStatusCode.OK } : { code: SpanStatusCode.ERROR, message: failure })
      return result
    } catch (error) {
      recordError(span, error)
      throw error
    } finally {
      span.end()
    }
  })
}
