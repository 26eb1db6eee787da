import type { Tx } from '../../../platform/db/client.ts'
import { isUniqueViolation } from '../../../platform/db/client.ts'
import { retryWhen } from '../../../platform/db/retry-unique.ts'
import type { SourceRow } from '../columns.ts'
import { isJsonObject } from '../mapping/json-path.ts'
import type { Mapping } from '../mapping/mapping-schema.ts'
import { shapeFingerprint } from '../mapping/shape-fingerprint.ts'
import { enqueueForward } from '../forward/forward-message.ts'
import type { IngestDeps } from './deps.ts'
import { emitEvent } from '../../../platform/events/emit.ts'
import { contentDeliveryFailed, contentPostCreated } from '../events.ts'
import { DeliveryRejected } from './delivery-rejected.ts'
import { extractFields, metaFor } from './extract-fields.ts'
import { holdAsSample, SourceChanged } from './hold-as-sample.ts'
import { writePost, type PostAction } from './write-post.ts'
import { authorFor } from './author.ts'
import { cleanContent } from './source-transforms.ts'
import { prepareDelivery, stillValid, type MappedDelivery } from './prepare-delivery.ts'
import { postIngested } from '../../../kernel/hooks/post-ingested.ts'
import { ShapeTooLarge } from '../mapping/shape-walk.ts'
import { isDatabaseUnavailable } from '../../../platform/db/connection-error.ts'
import { defaultLog } from '../../../platform/lib/log.ts'
import { stateSlot } from '../../../platform/lib/runtime-state.ts'
import { hostStatus, postsOf } from '../../../platform/host-contract/posts.ts'
import { postIdFromStored, storedPostId, type PostId } from '../../../platform/host-contract/post-ids.ts'
import { withSpan } from '../../../platform/tracing/with-span.ts'
import type { ResolvedContent } from '../../../platform/host-contract/content.ts'

type DeliveryStatus = 'received' | 'held' | 'failed' | PostAction

export type DeliveryOutcome = {
  delivery_id: number
  status: DeliveryStatus
  post_id: PostId | null
  /** Why a failed delivery did not become a post. */
  error: string | null
  /** A forward was enqueued: kick the outbox once the caller is done. */
  forwarded: boolean
  /** This call created or updated the post (not another process, not an earlier call). */
  wrote: boolean
  /** This call created the post with the status `publish`. */
  published: boolean
  /** This call claimed the delivery; false when another call or process had (its status is then theirs). */
  claimed: boolean
}

const NO_EFFECTS = { forwarded: false, wrote: false, published: false }

/** Another process took a slug or term first, or changed the source: a fresh transaction sees why. */
const lostRace = (error: unknown) => isUniqueViolation(error) || error instanceof SourceChanged

/** Only these may be (re)processed; anything else was finished by this or another process. */
export const PROCESSABLE = ['received', 'held']
/** A sender's replay finishes a first delivery that was never processed; one held as the sample was. */
const REPLAY_PROCESSABLE = ['received']

/** How many calls on this runtime are processing each delivery now. */
const processing = stateSlot('content deliveries being processed', () => new Map<number, number>())

/**
 * A call on this runtime is processing the delivery: a sender's replay of it is then a plain
 * duplicate, since the first call is alive and will finish it (only the first of a dead process
 * needs a replay to finish it).
 */
export const isProcessingHere = (deps: Pick<IngestDeps, 'state'>, deliveryId: number): boolean =>
  deps.state.get(processing).has(deliveryId)

/** The posts list this resource writes to; the resource is not installed without one. */
function contentOf (deps: IngestDeps): ResolvedContent {
  const { content } = deps.options.host
  if (!content) throw new DeliveryRejected('the host has no posts list (host.content)')
  return content
}

/** Ingested as published: created with a status that the host stores as its published value. */
const isPublished = (content: ResolvedContent, source: SourceRow) =>
  source.defaultPostStatus === 'publish' && hostStatus(content, 'publish') !== null

async function processInTransaction (tx: Tx, deps: IngestDeps, deliveryId: number, processable: readonly string[], prepared: MappedDelivery | null): Promise<DeliveryOutcome> {
  const now = deps.options.now()
  const content = contentOf(deps)
  const outcome = (status: DeliveryStatus, postId: PostId | null = null, effects = NO_EFFECTS, claimed = true): DeliveryOutcome =>
    ({ delivery_id: deliveryId, status, post_id: postId, error: null, ...effects, claimed })
  // The conditional update is the claim: two processes never process one delivery twice.
  const { count } = await tx.svcContentDelivery.updateMany({ where: { id: deliveryId, status: { in: [...processable] } }, data: { status: 'processing' } })
  const delivery = await tx.svcContentDelivery.findUniqueOrThrow({ where: { id: deliveryId } })
  if (count === 0) return outcome(delivery.status as DeliveryStatus, delivery.postId === null ? null : postIdFromStored(content, delivery.postId), NO_EFFECTS, false)

  const source = await tx.svcContentSource.findUnique({ where: { id: delivery.sourceId } })
  if (!source) throw new DeliveryRejected('the content source was deleted')
  const ready = stillValid(prepared, source, delivery.body)
  const payload: unknown = ready?.payload ?? JSON.parse(delivery.body)
  if (!isJsonObject(payload)) throw new DeliveryRejected('the delivery is not a JSON object')
  const fingerprint = ready?.fingerprint ?? shapeFingerprint(payload)
  const finish = (status: DeliveryStatus, postId: PostId | null = null) => tx.svcContentDelivery.update({
    where: { id: deliveryId },
    data: { status, postId: postId === null ? null : storedPostId(postId), shapeFingerprint: fingerprint, processedAt: status === 'held' ? null : now, error: null },
  })

  if (source.mappingStatus !== 'approved' || source.shapeFingerprint !== fingerprint) {
    await holdAsSample(tx, source, payload, fingerprint)
    await finish('held')
    return outcome('held')
  }
  const fields = ready?.fields ?? extractFields(payload, source.mapping as Mapping)
  const written = await writePost(tx, content, source, {
    fields,
    body: ready?.body ?? cleanContent(source, fields.content),
    author: await authorFor(tx, deps.options, source, fields.author),
    meta: metaFor(payload, source.metaFields as Record<string, string>, source.fmVariables as Record<string, unknown>),
  })
  const wrote = written.action === 'created' || written.action === 'updated'
  const forwarded = source.forwardEnabled && wrote
  if (forwarded) await enqueueForward(tx, postsOf(tx, content), source, written.postId, written.action === 'created' ? 'post.created' : 'post.updated', now)
  await finish(written.action, written.postId)
  if (written.action === 'created') {
    await emitEvent(tx, contentPostCreated, {
      delivery_id: deliveryId, source_id: source.id, source_slug: source.slug, post_id: String(written.postId), published: isPublished(content, source),
    }, { actor: null, at: now })
  }
  return outcome(written.action, written.postId, { forwarded, wrote, published: written.action === 'created' && isPublished(content, source) })
}

/** Why a delivery failed, as stored and told to its sender: our own words, never an internal message. */
function failureReason (error: unknown): string {
  if (error instanceof DeliveryRejected) return error.message
  if (error instanceof ShapeTooLarge) return `its shape is too large: ${error.message}`
  return `an unexpected error stopped its processing (${error instanceof Error ? error.name : 'error'}); the server log has the details`
}

/**
 * Processes one stored delivery in a transaction: hold it as the sample, or map it to a post
 * (and enqueue its forward), then runs the pipelines its `ingest` (and `publish`) triggers select.
 * A delivery that cannot be processed — unmappable, or failing in any unexpected way — is marked
 * failed with the reason, so it never blocks the deliveries behind it. Only when the database
 * cannot be reached does it stay in the inbox as it was, and the error is thrown.
 * `replay`: a sender's replay of a delivery stored first by another call, processed only if that
 * first was never processed.
 */
export async function processDelivery (deps: IngestDeps, deliveryId: number, options: { replay?: boolean } = {}): Promise<DeliveryOutcome> {
  const calls = deps.state.get(processing)
  calls.set(deliveryId, (calls.get(deliveryId) ?? 0) + 1)
  try {
    return await withSpan('svc.content_sources.ingest', async span => {
      const outcome = await processStored(deps, deliveryId, options)
      span.setAttributes({ 'svc.delivery.status': outcome.status, ...outcome.post_id === null ? {} : { 'svc.delivery.post_id': String(outcome.post_id) } })
      return outcome
    }, { attributes: { 'svc.delivery.id': deliveryId, 'svc.delivery.replay': options.replay === true }, failureOf: outcome => outcome.status === 'failed' ? 'failed' : undefined })
  } finally {
    const left = (calls.get(deliveryId) ?? 1) - 1
    if (left === 0) calls.delete(deliveryId)
    else calls.set(deliveryId, left)
  }
}

async function processStored (deps: IngestDeps, deliveryId: number, { replay = false }: { replay?: boolean }): Promise<DeliveryOutcome> {
  const processable = replay ? REPLAY_PROCESSABLE : PROCESSABLE
  let outcome: DeliveryOutcome
  try {
    const prepared = await prepareDelivery(deps, deliveryId, processable)
    outcome = await retryWhen(lostRace, () => deps.db.$transaction(tx => processInTransaction(tx, deps, deliveryId, processable, prepared)))
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw error
    if (!(error instanceof DeliveryRejected)) (deps.log ?? defaultLog)(`content delivery ${deliveryId} could not be processed`, error)
    const reason = failureReason(error)
    const at = deps.options.now()
    await deps.db.$transaction(async tx => {
      const failed = await tx.svcContentDelivery.update({
        where: { id: deliveryId },
        data: { status: 'failed', error: reason, processedAt: at },
        select: { sourceId: true },
      })
      const source = await tx.svcContentSource.findUnique({ where: { id: failed.sourceId }, select: { slug: true } })
      await emitEvent(tx, contentDeliveryFailed, { delivery_id: deliveryId, source_id: failed.sourceId, source_slug: source?.slug ?? '', error: reason }, { actor: null, at })
    })
    return { delivery_id: deliveryId, status: 'failed', post_id: null, error: reason, ...NO_EFFECTS, claimed: true }
  }
  // After the commit: the ingested post stands whatever runs after it (the pipelines' triggers).
  if (outcome.wrote && outcome.post_id !== null) {
    await deps.hooks.get(postIngested)?.(deps, { postId: outcome.post_id, published: outcome.published })
  }
  return outcome
}

/**
 * After an approval (or re-enabling), the held deliveries go through again, oldest first, with
 * any a crash left `received`. The claim in each transaction keeps this safe beside live ingest.
 * It never throws: the change that triggered it has committed, and whatever is left stays in the
 * inbox for the next approval or re-enable.
 */
export async function processHeldDeliveries (deps: IngestDeps, source: Pick<SourceRow, 'id' | 'enabled' | 'mappingStatus'>): Promise<DeliveryOutcome[]> {
  const outcomes: DeliveryOutcome[] = []
  if (!source.enabled || source.mappingStatus !== 'approved') return outcomes
  try {
    const held = await deps.db.svcContentDelivery.findMany({
      where: { sourceId: source.id, status: { in: PROCESSABLE } },
      orderBy: { id: 'asc' },
      select: { id: true },
    })
    for (const { id } of held) outcomes.push(await processDelivery(deps, id))
  } catch (error) {
    (deps.log ?? defaultLog)(`the held deliveries of content source ${source.id} could not all be processed`, error)
  }
  return outcomes
}
