import type { Recipe } from './records.ts'

/** When a recipe runs by itself, in words: "manual, ingest · posts of type news". */
export function describeTrigger (trigger: Recipe['trigger']): string {
  const when = trigger.on.length === 0 ? 'only when named' : trigger.on.join(', ')
  const filters = [
    trigger.post_types ? `type ${trigger.post_types.join(', ')}` : null,
    trigger.sources ? `from ${trigger.sources.join(', ')}` : null,
  ].filter(Boolean)
  return filters.length === 0 ? when : `${when} · ${filters.join(' · ')}`
}

/** How a recipe behaves, in words: "skips unchanged · stops on error · 5 s per stage". */
export function describePolicy (policy: Recipe['policy']): string {
  return [
    policy.skip_unchanged ? 'skips unchanged posts' : 'always runs',
    policy.on_error === 'stop' ? 'stops on error' : 'continues past errors',
    `${policy.stage_timeout_ms / 1000} s per stage`,
  ].join(' · ')
}

/** Comma-separated slugs as typed, as the list the API wants; absent when empty. */
export function slugList (text: string): string[] | undefined {
  const slugs = text.split(',').map(part => part.trim()).filter(Boolean)
  return slugs.length === 0 ? undefined : slugs
}
