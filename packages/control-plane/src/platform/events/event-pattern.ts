/**
 * Whether a subscription's pattern covers an event type: `*` covers every type, `lead.*` every
 * type of the lead resource, anything else only itself.
 */
export function patternMatches (pattern: string, type: string): boolean {
  if (pattern === '*') return true
  if (pattern.endsWith('.*')) return type.startsWith(pattern.slice(0, -1))
  return pattern === type
}

export const matchesAny = (patterns: readonly string[], type: string) => patterns.some(pattern => patternMatches(pattern, type))
