import type { Identity } from '../../platform/auth/identity.ts'
import { forbidden } from '../../platform/errors/errors.ts'
import { patternMatches } from '../../platform/events/event-pattern.ts'

/**
 * A subscription's patterns may cover only event types its credential may read: a key scoped to
 * `webhooks` subscribing to `*` would otherwise receive `lead.captured` with a visitor's e-mail.
 */
export function assertPatternsWithinReach (patterns: readonly string[], eventTypes: readonly string[], readable: readonly string[]): void {
  const beyond = eventTypes.filter(type => !readable.includes(type) && patterns.some(pattern => patternMatches(pattern, type)))
  if (beyond.length === 0) return
  const within = readable.length > 0 ? `it may subscribe to ${readable.join(', ')}` : 'it may read no event type'
  throw forbidden(`event_types cover ${beyond.join(', ')}, which this credential may not read; ${within}`)
}

/**
 * An OAuth grant is revocable and narrow by design; a subscription would outlive it and send its
 * events on. Connectors read events through the operations their grant covers instead.
 */
export function assertMaySubscribe (identity: Identity): void {
  if (identity.mode === 'oauth') throw forbidden('webhook subscriptions are made with an API key or in the Admin UI, not through an OAuth grant')
}

/** The credential recorded as the subscription's reach. */
export const reachOf = (identity: Identity) => ({ reachKeyId: identity.keyId, reachAccountId: identity.account.id })
