import type { Request, Response } from 'express'
import type { ControlPlaneRuntime } from '../../kernel/runtime.ts'
import { authorizeReader } from './authorize-reader.ts'
import { openApiDocument } from '../openapi/document.ts'
import { visibleOperations, WHOLE_REGISTRY } from '../../kernel/access/visible-operations.ts'
import { eventWebhooks } from '../openapi/webhooks.ts'

/** `GET {base}/openapi.json` — the OpenAPI 3.1 document, for the manifest's readers. The bare document, not an envelope: it is what tools import. */
export async function openApiRoute (runtime: ControlPlaneRuntime, req: Request, res: Response): Promise<void> {
  const identity = await authorizeReader(runtime, req, res, { name: 'openapi', what: 'the OpenAPI document' })
  const site = { siteUrl: runtime.options.siteUrl, basePath: runtime.options.basePath }
  const { operations, disabledModules } = await visibleOperations(runtime, identity, WHOLE_REGISTRY, 'marked')
  const visible = new Set(operations)
  const document = { ...openApiDocument(runtime.registry, site, disabledModules, operation => visible.has(operation)), webhooks: eventWebhooks(runtime.events) }
  res.status(200).type('application/json').end(JSON.stringify(document))
}
