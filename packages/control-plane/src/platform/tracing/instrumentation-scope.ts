import { readFileSync } from 'node:fs'
import { trace, type Tracer } from '@opentelemetry/api'
import { PACKAGE_NAME, packageManifestFile } from '../lib/installed-package.ts'

/** The instrumentation scope of every span and metric the control plane makes: a host's SDK filters and names them by it. */
export const INSTRUMENTATION_NAME = PACKAGE_NAME

/** The installed package's version (the ESM sources under jest and Keystone's CommonJS bundle sit at different depths). */
function packageVersion (): string | undefined {
  try {
    return (JSON.parse(readFileSync(packageManifestFile(), 'utf8')) as { version: string }).version
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
