import type { Tx } from '../../../db/client.ts'
import { isUniqueViolation } from '../../../db/client.ts'
import { retryWhen } from '../../../db/retry-unique.ts'
import type { SourceRow } from '../columns.ts'
import { isJsonObject } from '../mapping/json-path.ts'
import type { Mapping } from '../mapping/mapping-schema.ts'
import { shapeFingerprint } from '../mapping/shape-fingerprint.ts'
import { enqueueForward } from '../forward/forward-message.ts'
import type { IngestDeps } from './deps.ts'
import { DeliveryRejected } from './delivery-rejected.ts'
import { extractFields, metaFor } from './extract-fields.ts'
import { holdAsSample, SourceChanged } from './hold-as-sample.ts'
import { writePost, type PostAction } from './write-post.ts'
import { authorFor } from './author.ts'
import { runTriggeredPipelinesAfterWrite } from '../../pipelines/triggers/run-triggered.ts'

export type DeliveryStatus = 'received' | 'held' | 'failed' | PostAction

export type DeliveryOutcome = {
  delivery_id: number
  status: DeliveryStatus
  post_id: number | null
  /** Why a failed delivery did not become a post. */
  error: string | null
  /** A forward was enqueued: kick the outbox once the caller is done. */
  forwarded: boolean
  /** This call created or updated the post (not another process, not an earlier call). */
  wrote: boolean
  /** This call created the post with the status `publish`. */
  published: boolean
}

const NO_EFFECTS = { forwarded: false, wrote: false, published: false }

/** Another process took a slug or term first, or changed the source: a fresh transaction sees why. */
const lostRace = (error: unknown) => isUniqueViolation(error) || error instanceof SourceChanged

/** Only these may be (re)processed; anything else was finished by this or another process. */
const PROCESSABLE = ['received', 'held']

async function processInTransaction (tx: Tx, deps: IngestDeps, deliveryId: number): Promise<DeliveryOutcome> {
  const now = deps.options.now()
  const outcome = (status: DeliveryStatus, postId: number | null = null, effects = NO_EFFECTS): DeliveryOutcome =>
    ({ delivery_id: deliveryId, status, post_id: postId, error: null, ...effects })
  // The conditional update is the claim: two processes never process one delivery twice.
  const { count } = await tx.svcContentDelivery.updateMany({ where: { id: deliveryId, status: { in: PROCESSABLE } }, data: { status: 'processing' } })
  const delivery = await tx.svcContentDelivery.findUniqueOrThrow({ where: { id: deliveryId } })
  if (count === 0) return outcome(delivery.status as DeliveryStatus, delivery.postId)

  const source = await tx.svcContentSource.findUnique({ where: { id: delivery.sourceId } })
  if (!source) throw new DeliveryRejected('the content source was deleted')
  const payload: unknown = JSON.parse(delivery.body)
  if (!isJsonObject(payload)) throw new DeliveryRejected('the delivery is not a JSON object')
  const fingerprint = shapeFingerprint(payload)
  const finish = (status: DeliveryStatus, postId: number | null = null) => tx.svcContentDelivery.update({
    where: { id: deliveryId },
    data: { status, postId, shapeFingerprint: fingerprint, processedAt: status === 'held' ? null : now, error: null },
  })

  if (source.mappingStatus !== 'approved' || source.shapeFingerprint !== fingerprint) {
    await holdAsSample(tx, source, payload, fingerprint)
    await finish('held')
    return outcome('held')
  }
  const fields = extractFields(payload, source.mapping as Mapping)
  const written = await writePost(tx, source, {
    fields,
    author: await authorFor(tx, deps.options, source, fields.author),
    meta: metaFor(payload, source.metaFields as Record<string, string>, source.fmVariables as Record<string, unknown>),
  })
  const wrote = written.action === 'created' || written.action === 'updated'
  const forwarded = source.forwardEnabled && wrote
  if (forwarded) await enqueueForward(tx, source, written.postId, written.action === 'created' ? 'post.created' : 'post.updated', now)
  await finish(written.action, written.postId)
  return outcome(written.action, written.postId, { forwarded, wrote, published: written.action === 'created' && source.defaultPostStatus === 'publish' })
}

/**
 * Processes one stored delivery in a transaction: hold it as the sample, or map it to a post
 * (and enqueue its forward), then runs the pipelines its `ingest` (and `publish`) triggers select.
 * A delivery that cannot be mapped is marked failed with the reason; anything unexpected leaves
 * it `received`, still in the inbox.
 */
export async function processDelivery (deps: IngestDeps, deliveryId: number): Promise<DeliveryOutcome> {
  try {
    const outcome = await retryWhen(lostRace, () => deps.db.$transaction(tx => processInTransaction(tx, deps, deliveryId)))
    // After the commit: the ingested post stands whatever the pipelines do with it.
    if (outcome.wrote && outcome.post_id !== null) {
      await runTriggeredPipelinesAfterWrite(deps, outcome.post_id, outcome.published ? ['ingest', 'publish'] : ['ingest'], deps.log)
    }
    return outcome
  } catch (error) {
    if (!(error instanceof DeliveryRejected)) throw error
    await deps.db.svcContentDelivery.update({
      where: { id: deliveryId },
      data: { status: 'failed', error: error.message, processedAt: deps.options.now() },
    })
    return { delivery_id: deliveryId, status: 'failed', post_id: null, error: error.message, ...NO_EFFECTS }
  }
}

/**
 * After an approval (or re-enabling), the held deliveries go through again, oldest first, with
 * any a crash left `received`. The claim in each transaction keeps this safe beside live ingest.
 */
export async function processHeldDeliveries (deps: IngestDeps, source: Pick<SourceRow, 'id' | 'enabled' | 'mappingStatus'>): Promise<DeliveryOutcome[]> {
  if (!source.enabled || source.mappingStatus !== 'approved') return []
  const held = await deps.db.svcContentDelivery.findMany({
    where: { sourceId: source.id, status: { in: PROCESSABLE } },
    orderBy: { id: 'asc' },
    select: { id: true },
  })
  const outcomes: DeliveryOutcome[] = []
  for (const { id } of held) outcomes.push(await processDelivery(deps, id))
  return outcomes
}
