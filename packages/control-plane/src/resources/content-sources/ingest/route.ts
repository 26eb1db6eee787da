import type { Request } from 'express'
import type { PublicRoute } from '../../../kernel/route.ts'
import { badRequest, conflict, invalidParams, notFound, SvcError } from '../../../platform/errors/errors.ts'
import { sendSuccess } from '../../../platform/http/envelope.ts'
import { countWithHeaders } from '../../../platform/http/rate-limit-headers.ts'
import { isJsonObject, type JsonObject } from '../mapping/json-path.ts'
import type { Mapping } from '../mapping/mapping-schema.ts'
import { shapeFingerprint } from '../mapping/shape-fingerprint.ts'
import type { SourceRow } from '../columns.ts'
import { assertTermLimits } from './extract-fields.ts'
import { DeliveryRejected } from './delivery-rejected.ts'
import { TERM_LIMITS } from '../../../platform/html/terms.ts'
import { authenticateDelivery } from './authenticate.ts'
import { storeDelivery } from './store-delivery.ts'
import { isProcessingHere, processDelivery } from './process-delivery.ts'
import { assertCleanInput, MAX_JSON_DEPTH, parseJsonInput } from '../../../platform/lib/input-boundary.ts'
import { SHAPE_LIMITS, ShapeTooLarge, walkShape } from '../mapping/shape-walk.ts'
import { ingestLimiter } from './ingest-limiter.ts'

const MAX_WEBHOOK_ID_LENGTH = 200

/**
 * The delivery's text, once it is a JSON object within the input rule and the shape limits;
 * anything else is refused before it is stored.
 */
function parseDelivery (body: Buffer): { text: string, payload: JsonObject } {
  const text = body.toString('utf8')
  const payload = parseJsonInput(text, { invalid: () => badRequest('the delivery body is not valid JSON'), what: 'invalid delivery' })
  if (!isJsonObject(payload)) throw badRequest('the delivery body must be a JSON object')
  try {
    walkShape(payload)
  } catch (error) {
    if (!(error instanceof ShapeTooLarge)) throw error
    throw invalidParams(`invalid delivery: ${error.message}`, { limit: error.limit, limits: { ...SHAPE_LIMITS, maxDepth: MAX_JSON_DEPTH } })
  }
  return { text, payload }
}

/** The terms limits, checked before storing when the source's approved mapping reads this shape. */
function assertTermsFit (source: SourceRow, payload: JsonObject): void {
  if (source.mappingStatus !== 'approved' || source.shapeFingerprint !== shapeFingerprint(payload)) return
  try {
    assertTermLimits(payload, source.mapping as Mapping)
  } catch (error) {
    if (!(error instanceof DeliveryRejected)) throw error
    throw invalidParams(`invalid delivery: ${error.message}`, { limits: TERM_LIMITS })
  }
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
 * authenticated, counted against the source's rate limit, checked, stored in the inbox, then
 * processed: 202 while it waits for a mapping, 200 once it is a post (or a replay), 400 when
 * refused unstored (bad JSON, input rule, shape limits) or stored but not mappable.
 */
export const ingestRoute: PublicRoute = {
  method: 'POST',
  path: '/ingest/:slug',
  body: true,
  async handler (runtime, req, res, door) {
    const slug = String(req.params.slug)
    assertCleanInput(slug, { root: 'slug', what: 'invalid path' })
    const source = await runtime.db.svcContentSource.findUnique({ where: { slug } })
    if (!source) throw notFound(`no content source "${slug}"`)
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0)
    const now = runtime.options.now()
    try {
      authenticateDelivery(source, req.headers, body, runtime.secrets, now)
    } catch (error) {
      // A source whose secret no key opens refuses every sender until an operator acts: the log and the audit say so.
      if (error instanceof SvcError && error.code === 'secret_unavailable') {
        runtime.log(error.message)
        await door.refused('content_sources.ingest', error)
      }
      throw error
    }
    if (!source.enabled) throw conflict(`content source "${slug}" is disabled`)
    const limiter = runtime.state.get(ingestLimiter)
    await countWithHeaders(res, limiter.limit, () => limiter.consume(source.id))
    const delivery = parseDelivery(body)
    assertTermsFit(source, delivery.payload)
    const stored = await storeDelivery(runtime.db, { sourceId: source.id, sourceSlug: source.slug, webhookId: webhookIdOf(req), body: delivery.text, now })
    // A replay is answered `duplicate`, unless the first was never processed and no call here is
    // processing it — it may have been stored by a process that died, and then the sender's retry
    // is the only one who will ever ask — so a replay tries to process it, and is still a
    // `duplicate` when the first's own call (or another replay) claimed it.
    const duplicate = () => sendSuccess(res, { delivery_id: stored.id, status: 'duplicate', post_id: null }, false)
    if (stored.duplicate && (!stored.unprocessed || isProcessingHere(runtime, stored.id))) return duplicate()
    const outcome = await processDelivery(runtime, stored.id, { replay: stored.duplicate })
    if (stored.duplicate && !outcome.claimed) return duplicate()
    runtime.kickOutbox()
    if (outcome.status === 'failed') {
      throw invalidParams(`delivery ${stored.id} was stored but not ingested: ${outcome.error}`, { delivery_id: stored.id })
    }
    const data = { delivery_id: stored.id, status: outcome.status, post_id: outcome.post_id }
    if (outcome.status !== 'held') return sendSuccess(res, data, true)
    const after = await runtime.db.svcContentSource.findUniqueOrThrow({ where: { id: source.id }, select: { status: true, mappingStatus: true } })
    sendSuccess(res, { ...data, source_status: after.status, mapping_status: after.mappingStatus }, true, 202)
  },
}
