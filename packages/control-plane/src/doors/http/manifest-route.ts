import type { Request, Response } from 'express'
import type { ControlPlaneRuntime } from '../../kernel/runtime.ts'
import { authorizeReader } from './authorize-reader.ts'
import { sendSuccess } from '../../platform/http/envelope.ts'
import { buildManifest } from '../../kernel/registry/manifest.ts'
import type { Identity } from '../../kernel/access/door-auth.ts'
import { visibleOperations, WHOLE_REGISTRY } from '../../kernel/access/visible-operations.ts'
import { eventCatalogue } from '../../kernel/registry/catalogue-json.ts'

/** The manifest as the installation stands now: every operation the reader's credential may call, its module's switch, the Admin UI pages, the events. */
export async function currentManifest (runtime: ControlPlaneRuntime, identity: Identity) {
  const { operations, disabledModules } = await visibleOperations(runtime, identity, WHOLE_REGISTRY, 'marked')
  const visible = new Set(operations)
  const manifest = buildManifest(runtime.registry, runtime.options.basePath, disabledModules, runtime.adminPages, operation => visible.has(operation))
  return { ...manifest, events: eventCatalogue(runtime.events) }
}

/** `GET {base}/manage/manifest` — needs `manage_options`, like every operation. */
export async function manifestRoute (runtime: ControlPlaneRuntime, req: Request, res: Response): Promise<void> {
  const identity = await authorizeReader(runtime, req, res, { name: 'manifest', what: 'the manifest' })
  sendSuccess(res, await currentManifest(runtime, identity), false)
}
