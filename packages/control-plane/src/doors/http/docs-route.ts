import type { NextFunction, Request, Response } from 'express'
import type { ControlPlaneRuntime } from '../../kernel/runtime.ts'
import { authorizeReader } from './authorize-reader.ts'
import { notFound } from '../../platform/errors/errors.ts'
import { REFERENCE_PAGE_CSP, REFERENCE_SCRIPT, referencePage } from './docs/reference-page.ts'
import { SWAGGER_UI_ASSETS, swaggerUiDirectory } from './docs/swagger-ui-assets.ts'

/** The assets are the npm package's files, the same for every caller and release: cached, and served without credentials. */
const ASSET_CACHE = 'public, max-age=86400'

/** `GET {base}/docs` — the API reference page, for the OpenAPI document's readers. */
export async function docsPageRoute (runtime: ControlPlaneRuntime, req: Request, res: Response): Promise<void> {
  await authorizeReader(runtime, req, res, { name: 'docs', what: 'the API reference' })
  res.set('Content-Security-Policy', REFERENCE_PAGE_CSP)
  res.status(200).type('html').end(referencePage(runtime.options.basePath))
}

/** `GET {base}/docs/assets/{file}` — Swagger UI from `node_modules`, and the script that starts it. */
export function docsAssetRoute () {
  return (req: Request, res: Response, next: NextFunction) => {
    const file = String(req.params.file)
    if (file === 'reference.js') {
      res.set('Cache-Control', ASSET_CACHE)
      res.status(200).type('text/javascript').end(REFERENCE_SCRIPT)
      return
    }
    const type = Object.hasOwn(SWAGGER_UI_ASSETS, file) ? SWAGGER_UI_ASSETS[file] : undefined
    if (!type) return next(notFound(`no asset ${file}`))
    res.set('Cache-Control', ASSET_CACHE)
    res.sendFile(file, { root: swaggerUiDirectory(), headers: { 'Content-Type': type }, cacheControl: false }, error => {
      if (error && !res.headersSent) next(error)
    })
  }
}
