import type { Request, Response } from 'express'
import type { ControlPlaneRuntime } from '../runtime.ts'
import { authorizeReader } from './authorize-reader.ts'
import { sendSuccess } from './envelope.ts'
import { buildManifest } from '../registry/manifest.ts'
import { eventCatalogue } from '../events/catalogue-json.ts'

/** The manifest as the installation stands now: every operation, its module's switch, the Admin UI pages. */
export async function currentManifest (runtime: ControlPlaneRuntime) {
  return { ...buildManifest(runtime.registry, runtime.options.basePath, await runtime.modules.disabled(), runtime.adminPages), events: eventCatalogue(runtime.events) }
}

/** `GET {base}/manage/manifest` — needs `manage_options`, like every operation. */
export async function manifestRoute (runtime: ControlPlaneRuntime, req: Request, res: Response): Promise<void> {
  await authorizeReader(runtime, req, res, 'the manifest')
  sendSuccess(res, await currentManifest(runtime), false)
}
