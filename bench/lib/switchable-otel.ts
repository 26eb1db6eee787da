import { context, metrics, propagation, ProxyTracerProvider, trace, type Context, type Span, type SpanOptions, type Tracer } from '@opentelemetry/api'
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks'
import { W3CTraceContextPropagator } from '@opentelemetry/core'
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base'
import { AggregationTemporality, InMemoryMetricExporter, MeterProvider, PeriodicExportingMetricReader } from '@opentelemetry/sdk-metrics'

/**
 * An OpenTelemetry SDK with in-memory exporters that one process turns on and off between the
 * benchmark's slices, so dispatch with and without it is measured in the same run, in turns.
 * Contexts, propagators and meters are looked up globally on every use, so they are set and
 * disabled; the API's tracers cache their provider's tracer once they had one, so the tracer
 * registered here is a switch between the SDK's tracer and the API's no-op one.
 */
export function switchableOtel () {
  const spans = new InMemorySpanExporter()
  const sdk = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(spans)] })
  const noop = new ProxyTracerProvider()
  let on = false
  const switched = (name: string, version?: string): Tracer => {
    const real = sdk.getTracer(name, version)
    const none = noop.getTracer(name, version)
    return {
      startSpan: (spanName: string, options?: SpanOptions, parent?: Context): Span => (on ? real : none).startSpan(spanName, options, parent),
      startActiveSpan: (...args: unknown[]) => {
        const tracer = on ? real : none
        return Reflect.apply(tracer.startActiveSpan.bind(tracer), undefined, args) as unknown
      },
    }
  }
  trace.setGlobalTracerProvider({ getTracer: switched })
  const metricExporter = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE)
  const meters = new MeterProvider({ readers: [new PeriodicExportingMetricReader({ exporter: metricExporter, exportIntervalMillis: 60_000 })] })
  const contextManager = new AsyncLocalStorageContextManager()
  return {
    /** Turns the SDK on (registered, as a host's `provider.register()` would) or off (nothing registered). */
    use (registered: boolean): void {
      if (registered === on) return
      on = registered
      if (registered) {
        context.setGlobalContextManager(contextManager.enable())
        propagation.setGlobalPropagator(new W3CTraceContextPropagator())
        metrics.setGlobalMeterProvider(meters)
      } else {
        context.disable()
        propagation.disable()
        metrics.disable()
        spans.reset()
        metricExporter.reset()
      }
    },
    /** Spans the SDK ended since it was last turned on: a check that it really recorded. */
    spanCount: () => spans.getFinishedSpans().length,
    shutdown: async () => {
      await sdk.shutdown()
      await meters.shutdown()
    },
  }
}
