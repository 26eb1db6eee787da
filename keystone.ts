import { createHostConfig, hostControlPlaneOptions } from './host/config.ts'
import { logSpansWhenAsked } from './host/otel-console.ts'

logSpansWhenAsked()

/** The options this site's config is wrapped with, exported for the package's command line (`npm run cli`). */
export const controlPlaneOptions = hostControlPlaneOptions()

export default createHostConfig({ controlPlane: controlPlaneOptions })
