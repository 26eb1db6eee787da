import { invalidParams } from '../../platform/errors/errors.ts'
import { patternMatches } from '../../platform/events/event-pattern.ts'

/** Every pattern must cover at least one installed event type: a typo must not subscribe to nothing. */
export function assertKnownEventTypes (patterns: readonly string[], eventTypes: readonly string[]): string[] {
  const unknown = patterns.filter(pattern => !eventTypes.some(type => patternMatches(pattern, type)))
  if (unknown.length > 0) {
    throw invalidParams(`event_types: ${unknown.join(', ')} match no event type; see the manifest's events`, {
      issues: unknown.map(pattern => ({ path: 'event_types', code: 'unknown_event_type', message: `${pattern} matches no event type` })),
    })
  }
  return [...new Set(patterns)]
}
