import { createRequire } from 'node:module'
import path from 'node:path'
import { trace, type Tracer } from '@opentelemetry/api'

/** The instrumentation scope of every span and metric the control plane makes: a host's SDK filters and names them by it. */
export const INSTRUMENTATION_NAME = 'keystone-svc-control-plane'

/**
 * The installed package's version, resolved from the host's folder as the package itself is
 * (the ESM sources under jest and Keystone's CommonJS bundle sit at different depths).
 */
function packageVersion (): string | undefined {
  try {
    return (createRequire(path.resolve('package.json'))(`${INSTRUMENTATION_NAME}/package.json`) as { version: string }).version
  } catch {
    return undefined
  }
}

export const INSTRUMENTATION_VERSION = packageVersion()

/**
 * The control plane's tracer. The API hands out a proxy that follows whichever provider the host
 * registers, even later; until one is, every span is a no-op.
 */
export const tracer: Tracer = trace.getTracer(INSTRUMENTATION_NAME, INSTRUMENTATION_VERSION)
