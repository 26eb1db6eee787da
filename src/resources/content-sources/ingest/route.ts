import type { Request } from 'express'
import type { PublicRoute } from '../../../http/route.ts'
import { badRequest, conflict, invalidParams, notFound } from '../../../errors.ts'
import { sendSuccess } from '../../../http/envelope.ts'
import { isJsonObject } from '../mapping/json-path.ts'
import { authenticateDelivery } from './authenticate.ts'
import { storeDelivery } from './store-delivery.ts'
import { processDelivery } from './process-delivery.ts'

const MAX_WEBHOOK_ID_LENGTH = 200

function parseDelivery (body: Buffer): string {
  const text = body.toString('utf8')
  let payload: unknown
  try {
    payload = JSON.parse(text)
  } catch {
    throw badRequest('the delivery body is not valid JSON')
  }
  if (!isJsonObject(payload)) throw badRequest('the delivery body must be a JSON object')
  return text
}

/** The sender's delivery id; a repeat of it is a replay. Signed in Standard Webhooks mode. */
function webhookIdOf (req: Request): string | null {
  const id = req.get('webhook-id')?.trim()
  if (!id) return null
  if (id.length > MAX_WEBHOOK_ID_LENGTH) throw badRequest(`webhook-id is longer than ${MAX_WEBHOOK_ID_LENGTH} characters`)
  return id
}

/**
 * `POST {base}/ingest/{slug}` — public; each source authenticates its own senders. A delivery is
 * authenticated, stored in the inbox, then processed: 202 while it waits for a mapping, 200 once
 * it is a post (or a replay), 400 when stored but not mappable.
 */
export const ingestRoute: PublicRoute = {
  method: 'POST',
  path: '/ingest/:slug',
  body: true,
  async handler (runtime, req, res) {
    const slug = String(req.params.slug)
    const source = await runtime.db.svcContentSource.findUnique({ where: { slug } })
    if (!source) throw notFound(`no content source "${slug}"`)
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0)
    const now = runtime.options.now()
    authenticateDelivery(source, req.headers, body, runtime.secrets, now)
    if (!source.enabled) throw conflict(`content source "${slug}" is disabled`)
    const stored = await storeDelivery(runtime.db, { sourceId: source.id, webhookId: webhookIdOf(req), body: parseDelivery(body), now })
    if (stored.duplicate) {
      sendSuccess(res, { delivery_id: stored.id, status: 'duplicate', post_id: null }, false)
      return
    }
    const outcome = await processDelivery({ db: runtime.db, options: runtime.options, log: runtime.log }, stored.id)
    if (outcome.forwarded) runtime.kickOutbox()
    if (outcome.status === 'failed') {
      throw invalidParams(`delivery ${stored.id} was stored but not ingested: ${outcome.error}`, { delivery_id: stored.id })
    }
    const data = { delivery_id: stored.id, status: outcome.status, post_id: outcome.post_id }
    if (outcome.status !== 'held') return sendSuccess(res, data, true)
    const after = await runtime.db.svcContentSource.findUniqueOrThrow({ where: { id: source.id }, select: { status: true, mappingStatus: true } })
    sendSuccess(res, { ...data, source_status: after.status, mapping_status: after.mappingStatus }, true, 202)
  },
}
