/**
 * The value a dotted mapping path (`body.html`, `items.0.title`) picks from a sample, the way
 * content sources read deliveries; undefined when a step is missing.
 */
function valueAtPath (sample: unknown, path: string): unknown {
  let current = sample
  for (const segment of path.split('.')) {
    if (Array.isArray(current) && /^\d+$/.test(segment)) current = current[Number(segment)]
    else if (typeof current === 'object' && current !== null && !Array.isArray(current) && Object.hasOwn(current, segment)) current = (current as Record<string, unknown>)[segment]
    else return undefined
  }
  return current
}

const PREVIEW_LENGTH = 80

/** What a mapping field would take from the sample, in one short line. */
export function samplePreview (sample: unknown, path: string): string {
  if (path.trim() === '') return 'Not mapped.'
  const value = valueAtPath(sample, path.trim())
  if (value === undefined) return 'Not in the sample.'
  const text = typeof value === 'string' ? value : JSON.stringify(value)
  return `Sample: ${text.length > PREVIEW_LENGTH ? `${text.slice(0, PREVIEW_LENGTH - 1)}…` : text}`
}
